import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CHECK_IDS } from '../../src/shared/audit-contract.js';
import { Runbook } from '../../src/shared/contracts/engineer.js';
import { createTestApp, DEMO, type TestApp } from '../helpers/test-app.js';

const CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

let t: TestApp;
let cookie = '';
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn(DEMO.eddie);
});
afterAll(async () => t?.close());

const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/runbooks', headers });

describe('GET /api/runbooks', () => {
  it('answers a visitor with one runbook per check of the 20-point checklist, in its order', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const runbooks = z.array(Runbook).parse(response.json());
    expect(runbooks).toHaveLength(20);
    expect(runbooks.map((runbook) => runbook.checkId)).toEqual([...CHECK_IDS]);
    expect(new Set(runbooks.map((runbook) => runbook.id)).size).toBe(20);
    const mfa = runbooks.find((runbook) => runbook.checkId === 'MFA_MODERATION');
    expect(mfa).toMatchObject({ id: 'mfa-moderation', category: 'Moderation & verification' });
    expect(mfa?.content).toContain('**Server Settings** → **Safety Setup**');
    for (const runbook of runbooks) {
      expect(runbook.title, runbook.id).not.toBe('');
      expect(runbook.content, runbook.id).toMatch(/^## Steps\n1\. /);
    }
  });

  it('lets browsers and proxies keep them a day and revalidate for a week, with a validator a deploy changes', async () => {
    const response = await get();
    expect(response.headers['cache-control']).toBe(CACHE_CONTROL);
    expect(response.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]{32}"$/);
  });

  it('answers a revalidation with the current ETag with an empty 304 that keeps the policy', async () => {
    const etag = String((await get()).headers.etag);
    for (const ifNoneMatch of [etag, etag.slice(2), `W/"older", ${etag}`, '*']) {
      const revalidated = await get({ 'if-none-match': ifNoneMatch });
      expect(revalidated.statusCode, ifNoneMatch).toBe(304);
      expect(revalidated.body, ifNoneMatch).toBe('');
      expect(revalidated.headers['cache-control'], ifNoneMatch).toBe(CACHE_CONTROL);
      expect(revalidated.headers.etag, ifNoneMatch).toBe(etag);
    }
  });

  it('sends the runbooks again to a cache that holds another version', async () => {
    const stale = await get({ 'if-none-match': 'W/"an-older-deploy"' });
    expect(stale.statusCode).toBe(200);
    expect(z.array(Runbook).parse(stale.json())).toHaveLength(20);
  });

  it('gives a signed-in user the same public answer, compressed when asked', async () => {
    const visitor = await get();
    const signedIn = await get({ cookie, 'accept-encoding': 'br' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['content-encoding']).toBe('br');
    expect(signedIn.headers.vary).toContain('accept-encoding');
    expect(signedIn.headers['cache-control']).toBe(CACHE_CONTROL);
    expect(signedIn.headers.etag).toBe(visitor.headers.etag);
    expect(signedIn.headers['set-cookie']).toBeUndefined();
  });

  it('leaves the rest of the API uncacheable', async () => {
    for (const url of ['/api/config', '/api/runbooks/extra']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});
