import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema.js';
import { submitConsent } from '../helpers/consent-form.js';
import { createTestApp, DEMO, sameOrigin, TEST_PUBLIC_URL, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function finishCallback(
  authorizeUrl: string,
  stateCookie: string,
  button: 'Authorize' | 'Cancel',
  accountId?: string,
) {
  const consent = await submitConsent(authorizeUrl, { accountId, button });
  const callback = new URL(consent.headers.get('location') ?? '');
  return t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: stateCookie },
  });
}

describe('GET /api/auth/discord', () => {
  it('redirects to Discord with identify+guilds, a state bound to this browser and a PKCE challenge', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/discord' });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${t.simulator.url}/oauth2/authorize`);
    expect(location.searchParams.get('scope')).toBe('identify guilds');
    expect(location.searchParams.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/api/auth/discord/callback`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    const state = location.searchParams.get('state');
    const cookie = response.cookies.find((c) => c.name === 'rampart_oauth_state');
    expect(cookie).toMatchObject({ value: state, httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
  });

  it('rejects a malformed popup flag with a 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/discord?popup=sometimes' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });
});

describe('the sign-in callback', () => {
  it('creates the user and an HttpOnly session whose token is stored only as a hash', async () => {
    const { authorizeUrl, stateCookie } = await t.startSignIn();
    const response = await finishCallback(authorizeUrl, stateCookie, 'Authorize', DEMO.olivia);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    const session = response.cookies.find((c) => c.name === 'rampart_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();
    const [user] = await t.database.db.select().from(users).where(eq(users.discordId, DEMO.olivia));
    expect(user).toMatchObject({ username: 'olivia', discriminator: '1001', mfaEnabled: false });
    expect(user?.discordAccessTokenEnc).toBeTruthy();
    const stored = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? ''));
    expect(stored.map((row) => row.tokenHash)).not.toContain(session?.value);
    expect(stored.length).toBeGreaterThan(0);
  });

  it('maps Cancel on the consent page to discord_auth_failed', async () => {
    const { authorizeUrl, stateCookie } = await t.startSignIn();
    const response = await finishCallback(authorizeUrl, stateCookie, 'Cancel');
    expect(response.headers.location).toBe('/?error=discord_auth_failed');
    expect(response.cookies.find((c) => c.name === 'rampart_session')).toBeUndefined();
  });

  it('refuses a callback from another browser (state cookie missing)', async () => {
    const { authorizeUrl } = await t.startSignIn();
    const response = await finishCallback(authorizeUrl, '', 'Authorize', DEMO.olivia);
    expect(response.headers.location).toBe('/?error=discord_auth_failed');
  });

  it('reports no_auth_code and token_exchange_failed', async () => {
    const first = await t.startSignIn();
    const state = new URL(first.authorizeUrl).searchParams.get('state') ?? '';
    const noCode = await t.app.inject({
      method: 'GET',
      url: `/api/auth/discord/callback?state=${state}`,
      headers: { cookie: first.stateCookie },
    });
    expect(noCode.headers.location).toBe('/?error=no_auth_code');

    const second = await t.startSignIn();
    const secondState = new URL(second.authorizeUrl).searchParams.get('state') ?? '';
    const badCode = await t.app.inject({
      method: 'GET',
      url: `/api/auth/discord/callback?state=${secondState}&code=not-a-real-code`,
      headers: { cookie: second.stateCookie },
    });
    expect(badCode.headers.location).toBe('/?error=token_exchange_failed');
  });

  it('never accepts the same state twice', async () => {
    const { authorizeUrl, stateCookie } = await t.startSignIn();
    const consent = await submitConsent(authorizeUrl, { accountId: DEMO.olivia, button: 'Authorize' });
    const callback = new URL(consent.headers.get('location') ?? '');
    const url = `${callback.pathname}${callback.search}`;
    const first = await t.app.inject({ method: 'GET', url, headers: { cookie: stateCookie } });
    expect(first.headers.location).toBe('/');
    const replay = await t.app.inject({ method: 'GET', url, headers: { cookie: stateCookie } });
    expect(replay.headers.location).toBe('/?error=discord_auth_failed');
  });

  it('in a popup, renders a page that posts auth:success or auth:error to its opener (no inline script)', async () => {
    const ok = await t.startSignIn('?popup=1');
    const success = await finishCallback(ok.authorizeUrl, ok.stateCookie, 'Authorize', DEMO.eddie);
    expect(success.statusCode).toBe(200);
    expect(success.body).toContain('data-auth-result="auth:success"');
    expect(success.body).toContain('<script src="/api/auth/popup-result.js"></script>');
    expect(success.cookies.find((c) => c.name === 'rampart_session')).toBeDefined();

    const cancelled = await t.startSignIn('?popup=1');
    const failure = await finishCallback(cancelled.authorizeUrl, cancelled.stateCookie, 'Cancel');
    expect(failure.body).toContain('data-auth-result="auth:error"');

    const script = await t.app.inject({ method: 'GET', url: '/api/auth/popup-result.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('window.opener.postMessage(result, window.location.origin)');
  });
});

describe('GET /api/auth/me', () => {
  it('returns the signed-in user, with isAdmin only for configured admins', async () => {
    const owner = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: await t.signIn(DEMO.olivia) },
    });
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({
      discordId: DEMO.olivia,
      username: 'olivia',
      discriminator: '1001',
      isAdmin: false,
    });
    expect(owner.body).not.toContain('Token');

    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: await t.signIn(DEMO.ada) },
    });
    expect(admin.json()).toMatchObject({ discordId: DEMO.ada, isAdmin: true });
  });

  it('answers a visitor, an unknown token and an expired session with 401 JSON', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Sign in to continue.' } });

    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: 'rampart_session=forged' },
    });
    expect(forged.statusCode).toBe(401);

    const cookie = await t.signIn(DEMO.mona);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(expired.statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('destroys the session row and clears the cookie', async () => {
    const cookie = await t.signIn(DEMO.eddie);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: sameOrigin(cookie) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.cookies.find((c) => c.name === 'rampart_session')?.value).toBe('');
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('is idempotent for a visitor (nothing to destroy) but refuses cross-site requests', async () => {
    const visitor = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: sameOrigin() });
    expect(visitor.statusCode).toBe(200);
    const cookie = await t.signIn(DEMO.eddie);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const stillSignedIn = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(stillSignedIn.statusCode).toBe(200);
  });

  it('rejects a malformed JSON body with a 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...sameOrigin(), 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });
});
