import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sameOrigin, TEST_PUBLIC_URL, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'rampart-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Rampart</title><div id="root"></div>');
  t = await createTestApp({ WEB_DIST_DIR: webDist, BODY_LIMIT_BYTES: '1024', AUTH_RATE_LIMIT_PER_MINUTE: '5' });
});
afterAll(async () => t?.close());

describe('health', () => {
  it('reports the process up and the database reachable', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});

describe('unknown paths', () => {
  it('answers unknown /api paths with 404 JSON, never the app page', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: '/api/does-not-exist', headers: sameOrigin() });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('serves the app page at the root and for client-side routes', async () => {
    // The public certificate page is a client-side route too, opened signed out from a QR code.
    for (const url of ['/', '/dashboard', '/audits/123?x=1', '/verify/RMP-ABCDEFGHIJKLMNOPQRSTUVWXYZ']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers a missing asset with 404, not the app page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/missing-1234.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });
});

describe('security headers', () => {
  it('sends a CSP that allows no inline script, and the usual hardening headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('request limits', () => {
  it('refuses oversized bodies with 413 JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...sameOrigin(), 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(4096) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('rate-limits the sign-in endpoints', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push(
        (await t.app.inject({ method: 'GET', url: '/api/auth/discord', remoteAddress: '10.9.9.9' })).statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([302, 302, 302, 302, 302]);
    const limited = await t.app.inject({ method: 'GET', url: '/api/auth/discord', remoteAddress: '10.9.9.9' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });
});

describe('CSRF', () => {
  it('refuses state-changing API calls without a matching Origin or Referer', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(missing.statusCode).toBe(403);
    const referer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { referer: `${TEST_PUBLIC_URL}/dashboard` },
    });
    expect(referer.statusCode).toBe(200);
  });
});
