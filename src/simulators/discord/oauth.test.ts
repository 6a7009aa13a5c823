import { CodeChallengeMethod, generateCodeVerifier, OAuth2Client, OAuth2RequestError } from 'arctic';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningDiscordSimulator } from './standalone.js';
import { createSimulatorState } from './state.js';
import {
  authorizeUrl,
  basicAuth,
  obtainCode,
  parseConsentForm,
  postForm,
  REDIRECT_URI,
  signInParams,
  startTestSimulator,
  submitConsentPage,
  TEST_APP,
} from './test-support.js';

const OLIVIA = '1100000000000000001';
const EDDIE = '1100000000000000002';

let sim: RunningDiscordSimulator;
beforeEach(async () => {
  sim = await startTestSimulator();
});
afterEach(async () => {
  await sim.close();
});

const tokenUrl = () => `${sim.url}/api/oauth2/token`;

describe('authorize page', () => {
  it('lists the demo accounts by display name with Authorize and Cancel buttons', async () => {
    const response = await fetch(authorizeUrl(sim.url, signInParams()));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).not.toMatch(/<script|style="/i);
    const form = parseConsentForm(html);
    expect(form.radios.map((radio) => radio.label)).toEqual([
      'Olivia Owner',
      'Eddie Entitled',
      'Ada Admin',
      'Mona Moderator',
    ]);
    expect(form.buttons.map((button) => button.text)).toEqual(['Authorize', 'Cancel']);
    expect(form.hidden).toMatchObject({ state: 'state-123', redirect_uri: REDIRECT_URI, client_id: TEST_APP.clientId });
    const css = await fetch(new URL('assets/consent.css', authorizeUrl(sim.url, {})));
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('shows an error page instead of redirecting to an unregistered redirect_uri', async () => {
    const response = await fetch(authorizeUrl(sim.url, signInParams({ redirect_uri: 'https://evil.test/cb' })), {
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('redirect_uri');
  });

  it('shows an error page for an unknown client_id', async () => {
    const response = await fetch(authorizeUrl(sim.url, signInParams({ client_id: '42' })), { redirect: 'manual' });
    expect(response.status).toBe(400);
  });

  it('redirects protocol errors back with ?error= and the state', async () => {
    const response = await fetch(authorizeUrl(sim.url, signInParams({ scope: 'identify nonsense' })), {
      redirect: 'manual',
    });
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('invalid_scope');
    expect(location.searchParams.get('state')).toBe('state-123');
  });

  it('Cancel redirects with error=access_denied and the state', async () => {
    const response = await submitConsentPage(authorizeUrl(sim.url, signInParams()), 'Cancel');
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_description')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('prompt=none skips the screen for an account that already authorized', async () => {
    const first = await submitConsentPage(authorizeUrl(sim.url, signInParams()), 'Authorize', EDDIE);
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const again = await fetch(authorizeUrl(sim.url, signInParams({ prompt: 'none' })), {
      redirect: 'manual',
      headers: { cookie },
    });
    expect(again.status).toBe(302);
    expect(new URL(again.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy();
  });
});

describe('token endpoint', () => {
  it('runs the full code flow with PKCE through arctic, then refreshes and revokes', async () => {
    const client = new OAuth2Client(TEST_APP.clientId, TEST_APP.clientSecret, REDIRECT_URI);
    const verifier = generateCodeVerifier();
    const url = client.createAuthorizationURLWithPKCE(
      `${sim.url}/oauth2/authorize`,
      'pkce-state',
      CodeChallengeMethod.S256,
      verifier,
      ['identify', 'guilds'],
    );
    const consent = await submitConsentPage(url.toString(), 'Authorize', OLIVIA);
    const callback = new URL(consent.headers.get('location') ?? '');
    expect(callback.searchParams.get('state')).toBe('pkce-state');
    const code = callback.searchParams.get('code') ?? '';

    const tokens = await client.validateAuthorizationCode(tokenUrl(), code, verifier);
    expect(tokens.tokenType()).toBe('Bearer');
    expect(tokens.scopes()).toEqual(['identify', 'guilds']);
    expect(tokens.data).toMatchObject({ expires_in: 604800, scope: 'identify guilds' });
    const me = await fetch(`${sim.url}/api/v10/users/@me`, {
      headers: { authorization: `Bearer ${tokens.accessToken()}` },
    });
    expect(((await me.json()) as { id: string }).id).toBe(OLIVIA);

    const refreshed = await client.refreshAccessToken(tokenUrl(), tokens.refreshToken(), []);
    expect(refreshed.accessToken()).not.toBe(tokens.accessToken());
    expect(refreshed.refreshToken()).not.toBe(tokens.refreshToken());
    const oldAccess = await fetch(`${sim.url}/api/v10/users/@me`, {
      headers: { authorization: `Bearer ${tokens.accessToken()}` },
    });
    expect(oldAccess.status).toBe(401);
    await expect(client.refreshAccessToken(tokenUrl(), tokens.refreshToken(), [])).rejects.toMatchObject({
      code: 'invalid_grant',
    });

    await client.revokeToken(`${sim.url}/api/oauth2/token/revoke`, refreshed.refreshToken());
    const afterRevoke = await fetch(`${sim.url}/api/v10/users/@me`, {
      headers: { authorization: `Bearer ${refreshed.accessToken()}` },
    });
    expect(afterRevoke.status).toBe(401);
    expect(await afterRevoke.json()).toEqual({ message: '401: Unauthorized', code: 0 });
  });

  it('rejects a wrong or missing PKCE verifier', async () => {
    const client = new OAuth2Client(TEST_APP.clientId, TEST_APP.clientSecret, REDIRECT_URI);
    const verifier = generateCodeVerifier();
    const url = client.createAuthorizationURLWithPKCE(
      `${sim.url}/oauth2/authorize`,
      's',
      CodeChallengeMethod.S256,
      verifier,
      ['identify'],
    );
    const consent = await submitConsentPage(url.toString(), 'Authorize', OLIVIA);
    const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const error = await client
      .validateAuthorizationCode(tokenUrl(), code, generateCodeVerifier())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OAuth2RequestError);
    expect(error).toMatchObject({ code: 'invalid_grant' });
  });

  it('accepts client credentials in the form body as well as HTTP Basic', async () => {
    const code = await obtainCode(sim.url, EDDIE);
    const response = await postForm(tokenUrl(), {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: TEST_APP.clientId,
      client_secret: TEST_APP.clientSecret,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({ token_type: 'Bearer', expires_in: 604800, scope: 'identify guilds' });
  });

  it('answers 401 invalid_client for a wrong secret, by Basic or by form', async () => {
    const code = await obtainCode(sim.url, EDDIE);
    const fields = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI };
    const basic = await postForm(tokenUrl(), fields, { authorization: basicAuth(TEST_APP.clientId, 'wrong') });
    expect(basic.status).toBe(401);
    expect(await basic.json()).toMatchObject({ error: 'invalid_client' });
    const form = await postForm(tokenUrl(), { ...fields, client_id: TEST_APP.clientId, client_secret: 'wrong' });
    expect(form.status).toBe(401);
    const none = await postForm(tokenUrl(), fields);
    expect(none.status).toBe(401);
  });

  it('makes codes single-use and binds them to the redirect_uri', async () => {
    const code = await obtainCode(sim.url, EDDIE);
    const wrongRedirect = await postForm(
      tokenUrl(),
      { grant_type: 'authorization_code', code, redirect_uri: 'http://rampart.test/other' },
      { authorization: basicAuth() },
    );
    expect(wrongRedirect.status).toBe(400);
    expect(await wrongRedirect.json()).toMatchObject({ error: 'invalid_grant' });

    const fields = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI };
    const first = await postForm(tokenUrl(), fields, { authorization: basicAuth() });
    expect(first.status).toBe(200);
    const { access_token: accessToken } = (await first.json()) as { access_token: string };
    const replay = await postForm(tokenUrl(), fields, { authorization: basicAuth() });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
    // A replayed code also revokes what it produced (RFC 6749 §4.1.2).
    const me = await fetch(`${sim.url}/api/v10/users/@me`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.status).toBe(401);
  });

  it('expires codes after ten minutes', async () => {
    let now = Date.now();
    await sim.close();
    sim = await startTestSimulator({ state: createSimulatorState({ now: () => now }) });
    const code = await obtainCode(sim.url, EDDIE);
    now += 10 * 60 * 1000 + 1;
    const response = await postForm(
      tokenUrl(),
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI },
      { authorization: basicAuth() },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('ignores JSON bodies like Discord: 400 unsupported_grant_type', async () => {
    const code = await obtainCode(sim.url, EDDIE);
    const response = await fetch(`${sim.url}/api/v10/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basicAuth() },
      body: JSON.stringify({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('serves the token endpoint under /api/v10 too', async () => {
    const code = await obtainCode(sim.url, EDDIE);
    const response = await postForm(
      `${sim.url}/api/v10/oauth2/token`,
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI },
      { authorization: basicAuth() },
    );
    expect(response.status).toBe(200);
  });
});
