import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, sameOrigin, TEST_PUBLIC_URL, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  behindProxy = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await behindProxy?.close();
});

describe('requests under another host name than PUBLIC_URL', () => {
  it('are sent to the same path and query on PUBLIC_URL', async () => {
    for (const host of ['127.0.0.1', '127.0.0.1:80', 'rampart.internal:5000']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/audits/42?tab=checks&sort=severity',
        headers: { host },
      });
      expect(response.statusCode, host).toBe(307);
      expect(response.headers.location, host).toBe(`${TEST_PUBLIC_URL}/audits/42?tab=checks&sort=severity`);
    }
  });

  it('are redirected before sign-in starts, sessions load or the CSRF check runs', async () => {
    const signIn = await t.app.inject({
      method: 'GET',
      url: '/api/auth/discord?popup=1',
      headers: { host: '127.0.0.1' },
    });
    expect(signIn.statusCode).toBe(307);
    expect(signIn.headers.location).toBe(`${TEST_PUBLIC_URL}/api/auth/discord?popup=1`);
    expect(signIn.headers['set-cookie']).toBeUndefined();

    const cookie = await t.signIn(DEMO.eddie);
    const foreignPost = await t.app.inject({
      method: 'POST',
      url: '/api/audits',
      headers: { host: '127.0.0.1', cookie },
      payload: { serverId: 'x' },
    });
    expect(foreignPost.statusCode).toBe(307);
    expect(foreignPost.headers.location).toBe(`${TEST_PUBLIC_URL}/api/audits`);
  });

  it('never leave PUBLIC_URL, whatever the path looks like', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '//evil.example/phish',
      headers: { host: 'evil.example' },
    });
    expect(response.statusCode).toBe(307);
    expect(new URL(String(response.headers.location)).origin).toBe(TEST_PUBLIC_URL);
  });

  it('still reach the health probes, which load balancers call by internal address', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz', headers: { host: '10.0.0.7:5000' } });
    expect(health.statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz', headers: { host: '10.0.0.7:5000' } });
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('still reach the payment webhooks, which providers deliver to whatever address was registered', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { host: '10.0.0.7:5000', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Missing Stripe-Signature header.');
  });
});

describe('requests under the host name of PUBLIC_URL', () => {
  it('are served, with or without the default port written out', async () => {
    for (const host of ['localhost', 'localhost:80']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/config', headers: { host } });
      expect(response.statusCode, host).toBe(200);
    }
    const cookie = await t.signIn(DEMO.eddie);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: sameOrigin(cookie) });
    expect(logout.statusCode).toBe(200);
  });

  it('believe X-Forwarded-Host only from a proxy TRUST_PROXY names', async () => {
    const forwarded = { host: '10.0.0.7:5000', 'x-forwarded-host': 'localhost' };
    const fromTrustedProxy = await behindProxy.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: forwarded,
      remoteAddress: '127.0.0.1',
    });
    expect(fromTrustedProxy.statusCode).toBe(200);
    const fromAnyoneElse = await behindProxy.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: forwarded,
      remoteAddress: '203.0.113.9',
    });
    expect(fromAnyoneElse.statusCode).toBe(307);
    const notTrusted = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: forwarded,
      remoteAddress: '127.0.0.1',
    });
    expect(notTrusted.statusCode).toBe(307);
  });
});
