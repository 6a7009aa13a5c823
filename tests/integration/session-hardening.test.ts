import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitConsent } from '../helpers/consent-form.js';
import { cookieHeader, createTestApp, DEMO, TEST_HTTPS_PUBLIC_URL, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let address: string;
beforeAll(async () => {
  t = await createTestApp();
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

/** The sign-in callback URL Discord would send the browser to, and the state cookie that browser holds. */
async function consentedCallback(app: TestApp, accountId: string) {
  const { authorizeUrl, stateCookie } = await app.startSignIn();
  const consent = await submitConsent(authorizeUrl, { accountId, button: 'Authorize' });
  const callback = new URL(consent.headers.get('location') ?? '');
  return { url: `${callback.pathname}${callback.search}`, stateCookie };
}

function connectSocket(cookie: string): Promise<Socket> {
  const socket = io(address, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie, origin: t.config.publicUrl },
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

describe('a pending sign-in', () => {
  it('cannot be cancelled by someone who knows its state but not the browser cookie', async () => {
    const victim = await consentedCallback(t, DEMO.olivia);
    const other = await t.startSignIn();
    for (const cookie of [undefined, other.stateCookie]) {
      const attack = await t.app.inject({
        method: 'GET',
        url: victim.url,
        ...(cookie === undefined ? {} : { headers: { cookie } }),
      });
      expect(attack.headers.location).toBe('/?error=discord_auth_failed');
    }
    const real = await t.app.inject({ method: 'GET', url: victim.url, headers: { cookie: victim.stateCookie } });
    expect(real.headers.location).toBe('/');
  });
});

describe('a socket', () => {
  it('is disconnected when a new sign-in in the same browser destroys its session', async () => {
    const first = await t.signIn(DEMO.eddie);
    const socket = await connectSocket(first);
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    const next = await consentedCallback(t, DEMO.eddie);
    const signedIn = await t.app.inject({
      method: 'GET',
      url: next.url,
      headers: { cookie: `${next.stateCookie}; ${first}` },
    });
    expect(signedIn.headers.location).toBe('/');
    expect(await disconnected).toBe('io server disconnect');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: first } })).statusCode).toBe(
      401,
    );
    socket.close();
  });

  it('of another session of the same user stays connected', async () => {
    const laptop = await t.signIn(DEMO.mona);
    const phone = await t.signIn(DEMO.mona);
    const socket = await connectSocket(laptop);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: phone, origin: t.config.publicUrl },
    });
    expect(logout.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(socket.connected).toBe(true);
    socket.close();
  });
});

describe('security headers and cookies', () => {
  it('over http: one frame policy (CSP frame-ancestors, no X-Frame-Options), no HSTS, plain cookie names', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/discord' });
    expect(start.cookies.map((cookie) => cookie.name)).toEqual(['rampart_oauth_state']);
    expect(await t.signIn(DEMO.olivia)).toMatch(/^rampart_session=/);
  });

  describe('over https', () => {
    let secure: TestApp;
    beforeAll(async () => {
      secure = await createTestApp({ PUBLIC_URL: TEST_HTTPS_PUBLIC_URL });
    });
    afterAll(async () => secure?.close());

    it('sends HSTS and __Host- cookies (Secure, Path=/, no Domain), and the sign-in works with them', async () => {
      const page = await secure.app.inject({ method: 'GET', url: '/api/auth/me' });
      expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(page.headers['x-frame-options']).toBeUndefined();

      const start = await secure.app.inject({ method: 'GET', url: '/api/auth/discord' });
      const state = start.cookies.find((cookie) => cookie.name === '__Host-rampart_oauth_state');
      expect(state).toMatchObject({ secure: true, path: '/', httpOnly: true });
      expect(state?.domain).toBeUndefined();

      const consent = await submitConsent(String(start.headers.location), {
        accountId: DEMO.olivia,
        button: 'Authorize',
      });
      const callback = new URL(consent.headers.get('location') ?? '');
      const signedIn = await secure.app.inject({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
        headers: { cookie: cookieHeader(start) },
      });
      expect(signedIn.headers.location).toBe('/');
      const session = signedIn.cookies.find((cookie) => cookie.name === '__Host-rampart_session');
      expect(session).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
      expect(session?.domain).toBeUndefined();
      expect(signedIn.cookies.find((cookie) => cookie.name === 'rampart_session')).toBeUndefined();

      const me = await secure.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: `__Host-rampart_session=${session?.value ?? ''}` },
      });
      expect(me.statusCode).toBe(200);
      const plainName = await secure.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: `rampart_session=${session?.value ?? ''}` },
      });
      expect(plainName.statusCode).toBe(401);
    });
  });
});
