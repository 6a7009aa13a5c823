import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATED_DISCORD_APP } from '../../src/server/config.js';
import { TokenSealer } from '../../src/server/crypto.js';
import { sessions, users } from '../../src/server/db/schema.js';
import { discordUsersAt } from '../../src/server/integrations/discord/user-client.js';
import { syncUserServersIfStale } from '../../src/server/modules/servers/server-list-sync.js';
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
const USER_GUILDS = 'GET /users/@me/guilds';

/**
 * Ages the user's stored server list past the freshness window, as if it had been read 11 minutes ago.
 * Written behind the app's back, so the test waits, as any reader elsewhere would, for the change's notice
 * to reach the app's caches.
 */
async function makeListStale(discordId: string): Promise<void> {
  await t.database.db
    .update(users)
    .set({ guildsCheckedAt: new Date(Date.now() - 11 * 60 * 1000) })
    .where(eq(users.discordId, discordId));
  await t.app.changes.barrier();
}

/** Takes the user out of the guild in the simulated Discord; returns how to put them back. */
function removeFromGuild(guildId: string, userId: string): () => void {
  const guild = t.simulator.state.guild(guildId);
  if (guild === undefined) throw new Error(`no simulated guild ${guildId}`);
  const { roles, members, integrations, auditLogEntries } = guild.fixture;
  const without = members.filter((member) => member.user.id !== userId);
  guild.replaceBotCollections({ roles, members: without, integrations, auditLogEntries });
  return () => guild.replaceBotCollections({ roles, members, integrations, auditLogEntries });
}

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
    await makeListStale(DEMO.olivia);
    expect((await get(`/api/servers/${id}/audits`, cookie)).statusCode).toBe(404);
    expect((await get('/api/servers', cookie)).json<Server[]>()).toEqual([]);
  });
});

describe('the stored server list', () => {
  it('answers GET /api/servers and access checks from a fresh list without asking Discord', async () => {
    const owner = await t.signIn(DEMO.olivia);
    const admin = await t.signIn(DEMO.ada);
    t.simulator.state.resetRequestLog();
    for (let i = 0; i < 3; i += 1) {
      const response = await get('/api/servers', owner);
      expect(response.statusCode).toBe(200);
      expect(response.json<Server[]>()).toHaveLength(3);
    }
    expect((await get('/api/servers', admin)).statusCode).toBe(200);
    const id = await serverId(t, owner, GUILDS.typical);
    expect((await get(`/api/servers/${id}/audits`, owner)).statusCode).toBe(200);
    expect(t.simulator.state.totalRequests()).toBe(0);
  });

  it('ends access to a server the user was removed from once the list expires, refreshed once for five concurrent requests', async () => {
    const cookie = await t.signIn(DEMO.mona);
    const id = await serverId(t, cookie, GUILDS.typical);
    const putBack = removeFromGuild(GUILDS.typical, DEMO.mona);
    try {
      // Within the freshness window the stored list still answers; that window is the documented delay.
      expect((await get(`/api/servers/${id}/audits`, cookie)).statusCode).toBe(200);

      await makeListStale(DEMO.mona);
      t.simulator.state.resetRequestLog();
      const lists = await Promise.all(Array.from({ length: 5 }, () => get('/api/servers', cookie)));
      expect(t.simulator.state.requestCounts()[USER_GUILDS]).toBe(1);
      for (const response of lists) {
        expect(response.statusCode).toBe(200);
        expect(response.json<Server[]>().some((server) => server.id === id)).toBe(false);
      }
      expect((await get(`/api/servers/${id}/audits`, cookie)).statusCode).toBe(404);
      expect(t.simulator.state.requestCounts()[USER_GUILDS]).toBe(1);
    } finally {
      putBack();
    }
  });

  it('lets only one of two instances refresh a stale list both loaded, the other answering from the stored list', async () => {
    await t.signIn(DEMO.olivia);
    await makeListStale(DEMO.olivia);
    const [stale] = await t.database.db.select().from(users).where(eq(users.discordId, DEMO.olivia));
    if (stale === undefined) throw new Error('olivia is not stored');
    // Two deps objects stand for two instances: nothing in memory is shared, only the database.
    const instance = () => ({
      db: t.database.db,
      sealer: new TokenSealer(t.config.sessionSecret),
      discordUsers: discordUsersAt(t.config.discord.apiUrl),
    });
    t.simulator.state.resetRequestLog();
    await Promise.all([
      syncUserServersIfStale(instance(), stale, t.app.log),
      syncUserServersIfStale(instance(), stale, t.app.log),
    ]);
    expect(t.simulator.state.requestCounts()[USER_GUILDS]).toBe(1);
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
