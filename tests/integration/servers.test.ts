import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlements, servers, users } from '../../src/server/db/schema.js';
import type { Audit } from '../../src/shared/contracts/audits.js';
import type { Server } from '../../src/shared/contracts/servers.js';
import { GUILDS, startAudit, waitForAudit } from '../helpers/audits.js';
import { createTestApp, DEMO, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
const cookies: Record<keyof typeof DEMO, string> = { olivia: '', eddie: '', ada: '', mona: '' };

beforeAll(async () => {
  t = await createTestApp();
  for (const name of Object.keys(DEMO) as (keyof typeof DEMO)[]) cookies[name] = await t.signIn(DEMO[name]);
});
afterAll(async () => t?.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie } });

/**
 * Ages the user's stored server list past the freshness window, so the next request asks Discord again;
 * written behind the app's back, so the test waits for the change's notice to reach the app's caches.
 */
async function makeListStale(discordId: string): Promise<void> {
  await t.database.db
    .update(users)
    .set({ guildsCheckedAt: new Date(Date.now() - 11 * 60 * 1000) })
    .where(eq(users.discordId, discordId));
  await t.app.changes.barrier();
}

describe('GET /api/servers', () => {
  it('lists the servers the owner owns, read from Discord and stored', async () => {
    const response = await get('/api/servers', cookies.olivia);
    expect(response.statusCode).toBe(200);
    const servers = response.json<Server[]>();
    expect(servers).toHaveLength(3);
    for (const server of servers) {
      expect(server).toMatchObject({
        id: expect.any(String),
        discordId: expect.stringMatching(/^\d+$/),
        name: expect.any(String),
      });
    }
  });

  it('marks the facts of a server the bot has not read yet as unknown, and fills them once an audit read it', async () => {
    const before = (await get('/api/servers', cookies.ada)).json<Server[]>();
    const studyHall = before.find((server) => server.discordId === GUILDS.studyHall);
    expect(studyHall).toMatchObject({ factsReadAt: null, roleCount: null, channelCount: null, botCount: null });
    const started = await startAudit(t, cookies.ada, studyHall?.id ?? '');
    await waitForAudit(t, cookies.ada, started.json<Audit>().id);
    const after = (await get('/api/servers', cookies.ada))
      .json<Server[]>()
      .find((server) => server.discordId === GUILDS.studyHall);
    expect(after?.factsReadAt).toEqual(expect.any(String));
    expect(after?.roleCount).toBeGreaterThan(0);
    expect(after?.channelCount).toBeGreaterThan(0);
    expect(after?.botCount).toBeGreaterThan(0);
  });

  it('serves a change to a server made elsewhere (another instance, another user) once its notice arrives', async () => {
    const listed = (await get('/api/servers', cookies.olivia)).json<Server[]>();
    const renamed = listed[0];
    if (renamed === undefined) throw new Error('Olivia has no servers');
    // Written behind the app's back, as another instance would: the cached list must not outlive the notice.
    await t.database.db.update(servers).set({ name: 'Renamed elsewhere' }).where(eq(servers.id, renamed.id));
    await t.app.changes.barrier();
    const after = (await get('/api/servers', cookies.olivia)).json<Server[]>();
    expect(after.find((server) => server.id === renamed.id)?.name).toBe('Renamed elsewhere');
    await t.database.db.update(servers).set({ name: renamed.name }).where(eq(servers.id, renamed.id));
    await t.app.changes.barrier();
  });

  it('includes servers a member may manage without owning them', async () => {
    const mona = (await get('/api/servers', cookies.mona)).json<Server[]>();
    const olivia = (await get('/api/servers', cookies.olivia)).json<Server[]>();
    expect(mona.length).toBeGreaterThan(0);
    expect(mona.every((server) => olivia.some((own) => own.discordId === server.discordId))).toBe(true);
  });

  it('never shows another owner their neighbour’s servers', async () => {
    const olivia = (await get('/api/servers', cookies.olivia)).json<Server[]>();
    const eddie = (await get('/api/servers', cookies.eddie)).json<Server[]>();
    expect(eddie).toHaveLength(2);
    expect(eddie.some((server) => olivia.some((other) => other.id === server.id))).toBe(false);
  });

  it('drops every server when Discord no longer vouches for the user (token unreadable), once the list is stale', async () => {
    const cookie = await t.signIn(DEMO.olivia);
    await t.database.db
      .update(users)
      .set({ discordAccessTokenEnc: 'unreadable' })
      .where(eq(users.discordId, DEMO.olivia));
    expect((await get('/api/servers', cookie)).json<Server[]>()).toHaveLength(3);
    await makeListStale(DEMO.olivia);
    const response = await get('/api/servers', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json<Server[]>()).toEqual([]);
  });

  it('answers a visitor with 401', async () => {
    const response = await get('/api/servers');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });
});

describe('GET /api/admin/all-servers', () => {
  it('lists every stored server for an admin', async () => {
    const response = await get('/api/admin/all-servers', cookies.ada);
    expect(response.statusCode).toBe(200);
    const all = response.json<(Server & { ownerDiscordId: string | null })[]>();
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(all.filter((server) => server.ownerDiscordId === DEMO.olivia)).toHaveLength(3);
  });

  it('is forbidden for owners and unauthorised for visitors, leaking nothing', async () => {
    const owner = await get('/api/admin/all-servers', cookies.olivia);
    expect(owner.statusCode).toBe(403);
    expect(owner.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Administrators only.' } });
    const visitor = await get('/api/admin/all-servers');
    expect(visitor.statusCode).toBe(401);
  });
});

describe('GET /api/entitlements', () => {
  it('lists only the caller’s own entitlements', async () => {
    const [eddie] = await t.database.db.select().from(users).where(eq(users.discordId, DEMO.eddie));
    await t.database.db.insert(entitlements).values({ userId: eddie?.id ?? '', plan: 'DIY', source: 'test' });

    const own = await get('/api/entitlements', cookies.eddie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([
      {
        id: expect.any(String),
        userId: expect.any(String),
        plan: 'DIY',
        source: 'test',
        paid: false,
        provider: 'test',
        amountUsd: 0,
        serverId: null,
        createdAt: expect.any(String),
      },
    ]);

    const other = await get('/api/entitlements', cookies.olivia);
    expect(other.json()).toEqual([]);
  });

  it('answers a visitor with 401', async () => {
    expect((await get('/api/entitlements')).statusCode).toBe(401);
  });
});

describe('when Discord is unreachable', () => {
  it('answers /api/servers from the stored list', async () => {
    const cookie = await t.signIn(DEMO.eddie);
    const before = (await get('/api/servers', cookie)).json<Server[]>();
    expect(before).toHaveLength(2);
    await t.simulator.close();
    await makeListStale(DEMO.eddie);
    const fallback = await get('/api/servers', cookie);
    expect(fallback.statusCode).toBe(200);
    expect(
      fallback
        .json<Server[]>()
        .map((s) => s.id)
        .sort(),
    ).toEqual(before.map((s) => s.id).sort());
  });
});
