import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATED_DISCORD_APP } from '../../src/server/config.js';
import { TokenSealer } from '../../src/server/crypto.js';
import { sessions, users } from '../../src/server/db/schema.js';
import type { Server } from '../../src/shared/contracts/servers.js';
import { GUILDS, serverId } from '../helpers/audits.js';
import { submitConsent } from '../helpers/consent-form.js';
import { cookieHeader, createTestApp, DEMO, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('access follows Discord', () => {
  it('knows the user’s servers right after sign-in, without a call to /api/servers', async () => {
    const cookie = await t.signIn(DEMO.mona);
    const [pixelPlaza] = await t.database.db.select().from(users).where(eq(users.discordId, DEMO.mona));
    expect(pixelPlaza?.guildsCheckedAt).not.toBeNull();
    const id = await serverId(t, cookie, GUILDS.typical);
    expect((await get(`/api/servers/${id}/audits`, cookie)).statusCode).toBe(200);
  });

  it('ends access once Discord stops vouching for the user (revoked token), at the next stale check', async () => {
    const cookie = await t.signIn(DEMO.olivia);
    const id = await serverId(t, cookie, GUILDS.typical);
    expect((await get(`/api/servers/${id}/audits`, cookie)).statusCode).toBe(200);

    const [olivia] = await t.database.db.select().from(users).where(eq(users.discordId, DEMO.olivia));
    const token = new TokenSealer(t.config.sessionSecret).open(olivia?.discordAccessTokenEnc ?? '');
    const basic = Buffer.from(`${SIMULATED_DISCORD_APP.clientId}:${SIMULATED_DISCORD_APP.clientSecret}`).toString(
      'base64',
    );
    const revoked = await fetch(`${t.simulator.url}/api/oauth2/token/revoke`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: token ?? '' }),
    });
    expect(revoked.ok).toBe(true);

    // Still trusted while the list is fresh; re-checked once it is older than the limit.
    await t.database.db
      .update(users)
      .set({ guildsCheckedAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(users.discordId, DEMO.olivia));
    expect((await get(`/api/servers/${id}/audits`, cookie)).statusCode).toBe(404);
    expect((await get('/api/servers', cookie)).json<Server[]>()).toEqual([]);
  });
});

describe('sessions', () => {
  it('replaces the browser’s previous session when it signs in again', async () => {
    const first = await t.signIn(DEMO.eddie);
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/discord' });
    const consent = await submitConsent(String(start.headers.location), { accountId: DEMO.eddie, button: 'Authorize' });
    const callback = new URL(consent.headers.get('location') ?? '');
    const second = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: `${cookieHeader(start)}; ${first}` },
    });
    expect(second.headers.location).toBe('/');
    expect((await get('/api/auth/me', first)).statusCode).toBe(401);
    expect((await get('/api/auth/me', cookieHeader(second, 'rampart_session'))).statusCode).toBe(200);
    const [eddie] = await t.database.db.select().from(users).where(eq(users.discordId, DEMO.eddie));
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, eddie?.id ?? '')),
    ).toHaveLength(1);
  });
});
