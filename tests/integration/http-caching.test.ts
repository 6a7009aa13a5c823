import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, sameOrigin, type TestApp } from '../helpers/test-app.js';

const HASHED_SCRIPT = '/assets/index-3f9a1c2b.js';

let t: TestApp;
let cookie = '';
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'rampart-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><title>Rampart</title><script type="module" src="${HASHED_SCRIPT}"></script>`,
  );
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, HASHED_SCRIPT), 'console.log("app");');
  t = await createTestApp({ WEB_DIST_DIR: webDist });
  cookie = await t.signIn(DEMO.eddie);
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('caching of the web app', () => {
  it('makes browsers revalidate the page at the root and on every client-side route', async () => {
    for (const url of ['/', '/dashboard', '/audits/123?tab=checks']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('lets browsers keep hashed assets for a year without asking again', async () => {
    const script = await get(HASHED_SCRIPT);
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates files whose names carry no hash', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });
});

describe('caching of API answers', () => {
  it('forbids storing successful answers', async () => {
    for (const url of ['/api/auth/me', '/api/servers', '/api/config']) {
      const response = await get(url, { cookie });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('forbids storing errors: visitor, bad input, unknown path', async () => {
    const visitor = await get('/api/servers');
    expect(visitor.statusCode).toBe(401);
    const badInput = await t.app.inject({
      method: 'POST',
      url: '/api/audits',
      headers: sameOrigin(cookie),
      payload: { serverId: 'not-a-uuid' },
    });
    expect(badInput.statusCode).toBe(400);
    const unknown = await get('/api/does-not-exist', { cookie });
    expect(unknown.statusCode).toBe(404);
    for (const response of [visitor, badInput, unknown]) {
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});
