import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { CHANGE_FEED_APPLICATION_NAME } from '../../src/server/db/change-feed.js';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.js';
import { sessions, users } from '../../src/server/db/schema.js';
import type { Audit, AuditWithChecks } from '../../src/shared/contracts/audits.js';
import type { Server } from '../../src/shared/contracts/servers.js';
import { GUILDS } from '../helpers/audits.js';
import { submitConsent } from '../helpers/consent-form.js';
import { requirePostgresUrl } from '../helpers/global-setup.js';
import { openTestDatabase } from '../helpers/test-database.js';
import { cookieHeader, DEMO, startTestDiscordSimulator, TEST_PUBLIC_URL, testConfig } from '../helpers/test-app.js';

/**
 * The read caches across two instances on one database (docs/decisions/0017). On PostgreSQL each
 * instance has its own pool and its own listening connection; on the embedded database, which only one
 * process may open, two apps share the handle but nothing else: each has its own caches and its own feed.
 * Requests go over real HTTP, as a browser's would.
 */
const onPostgres = process.env.TEST_DB_KIND === 'postgres';

let database: DatabaseHandle & { url?: string };
let secondDatabase: DatabaseHandle | undefined;
let simulator: Awaited<ReturnType<typeof startTestDiscordSimulator>>;
let a: FastifyInstance;
let b: FastifyInstance;
const url = { a: '', b: '' };

beforeAll(async () => {
  simulator = await startTestDiscordSimulator();
  database = await openTestDatabase();
  if (database.url !== undefined) secondDatabase = await openDatabase({ kind: 'postgres', url: database.url });
  const config = testConfig(simulator.url, { ADMIN_DISCORD_IDS: DEMO.ada });
  a = await buildApp({ config, database, logger: false, auditWorkerPollMs: 100 });
  b = await buildApp({ config, database: secondDatabase ?? database, logger: false, runAuditWorker: false });
  url.a = await a.listen({ port: 0, host: '127.0.0.1' });
  url.b = await b.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await secondDatabase?.close();
  await database?.close();
  await simulator?.close();
});

async function signIn(app: FastifyInstance, discordId: string): Promise<string> {
  const start = await app.inject({ method: 'GET', url: '/api/auth/discord' });
  const consent = await submitConsent(String(start.headers.location), { accountId: discordId, button: 'Authorize' });
  const callback = new URL(consent.headers.get('location') ?? '');
  const signedIn = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: cookieHeader(start) },
  });
  expect(signedIn.headers.location).toBe('/');
  return cookieHeader(signedIn, 'rampart_session');
}

interface Answer {
  status: number;
  location: string | undefined;
  body: string;
}

/** A request over real HTTP under PUBLIC_URL's host name (fetch cannot set Host), as a browser behind it sends. */
function send(
  base: string,
  path: string,
  options: { method?: string; cookie: string; json?: object; origin?: boolean },
): Promise<Answer> {
  const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string> = { host: new URL(TEST_PUBLIC_URL).host, cookie: options.cookie };
  if (options.origin === true) headers.origin = TEST_PUBLIC_URL;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method: options.method ?? 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          location: response.headers.location,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}

const status = async (base: string, path: string, cookie: string) => (await send(base, path, { cookie })).status;
async function getJson<T>(base: string, path: string, cookie: string): Promise<T> {
  const answer = await send(base, path, { cookie });
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.body}`);
  return JSON.parse(answer.body) as T;
}

function openSocket(base: string, cookie: string): Promise<Socket> {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

/** Opens a socket with the cookie: 'connected' or the handshake's refusal code. */
async function handshake(base: string, cookie: string): Promise<string> {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
  });
  try {
    return await new Promise<string>((resolve) => {
      socket.on('connect', () => resolve('connected'));
      socket.on('connect_error', (error) => resolve(error.message));
    });
  } finally {
    socket.close();
  }
}

async function serverIdOf(base: string, cookie: string, guildId: string): Promise<string> {
  const list = await getJson<Server[]>(base, '/api/servers', cookie);
  const found = list.find((server) => server.discordId === guildId);
  if (found === undefined) throw new Error(`guild ${guildId} is not among the caller's servers`);
  return found.id;
}

/** A completed audit of the typical guild (owned by Olivia, managed by Mona), queued by the admin on A. */
async function completedAudit(): Promise<AuditWithChecks> {
  const admin = await signIn(a, DEMO.ada);
  const owner = await signIn(a, DEMO.olivia);
  const serverId = await serverIdOf(url.a, owner, GUILDS.typical);
  const queued = await send(url.a, '/api/audits', { method: 'POST', cookie: admin, origin: true, json: { serverId } });
  expect(queued.status).toBe(201);
  const { id } = JSON.parse(queued.body) as Audit;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const audit = await getJson<AuditWithChecks>(url.b, `/api/audits/${id}`, admin);
    if (audit.status === 'completed') return audit;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`audit ${id} did not complete`);
}

let audit: AuditWithChecks;
beforeAll(async () => {
  audit = await completedAudit();
});

describe('a session', () => {
  it('is looked up once per instance, then answered from memory', async () => {
    const cookie = await signIn(a, DEMO.eddie);
    const uncached = await signIn(a, DEMO.eddie);
    // Each sign-in changes the user, which drops the user's sessions from the caches as its notice arrives.
    await b.changes.barrier();
    expect(await status(url.b, '/api/auth/me', cookie)).toBe(200);
    // With the table out of reach, only a session read before can still be answered.
    await database.db.execute(sql`alter table sessions rename to sessions_away`);
    try {
      expect(await status(url.b, '/api/auth/me', cookie)).toBe(200);
      expect(await handshake(url.b, cookie)).toBe('connected');
      expect(await status(url.b, '/api/auth/me', uncached)).toBe(500);
    } finally {
      await database.db.execute(sql`alter table sessions_away rename to sessions`);
    }
  });

  it('signed out on one instance is refused at once on the other, over HTTP and in the socket handshake', async () => {
    const cookie = await signIn(a, DEMO.olivia);
    expect(await status(url.b, '/api/auth/me', cookie)).toBe(200);
    expect(await status(url.b, `/api/audits/${audit.id}`, cookie)).toBe(200);
    const socket = await openSocket(url.b, cookie);
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve));

    const signedOut = await send(url.a, '/api/auth/logout', { method: 'POST', cookie, origin: true });
    expect(signedOut.status).toBe(200);
    // No Redis here: the deletion's notice alone ends the socket on the other instance.
    expect(await disconnected).toBe('io server disconnect');
    expect(await status(url.b, '/api/auth/me', cookie)).toBe(401);
    expect(await status(url.b, `/api/audits/${audit.id}`, cookie)).toBe(401);
    expect(await handshake(url.b, cookie)).toBe('UNAUTHORIZED');
    expect(await status(url.a, '/api/auth/me', cookie)).toBe(401);
  });

  it('replaced by a new sign-in on one instance is refused at once on the other', async () => {
    const first = await signIn(a, DEMO.mona);
    expect(await status(url.b, '/api/auth/me', first)).toBe(200);
    const start = await a.inject({ method: 'GET', url: '/api/auth/discord' });
    const consent = await submitConsent(String(start.headers.location), { accountId: DEMO.mona, button: 'Authorize' });
    const callback = new URL(consent.headers.get('location') ?? '');
    const second = await send(url.a, `${callback.pathname}${callback.search}`, {
      cookie: `${cookieHeader(start)}; ${first}`,
    });
    expect(second.location).toBe('/');
    expect(await status(url.b, '/api/auth/me', first)).toBe(401);
    expect(await handshake(url.b, first)).toBe('UNAUTHORIZED');
  });

  it('is refused once it expires, though it was answered from memory a moment before', async () => {
    const cookie = await signIn(a, DEMO.eddie);
    const [eddie] = await database.db.select().from(users).where(eq(users.discordId, DEMO.eddie));
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 1000) })
      .where(eq(sessions.userId, eddie?.id ?? ''));
    await b.changes.barrier();
    expect(await status(url.b, '/api/auth/me', cookie)).toBe(200);
    expect(await handshake(url.b, cookie)).toBe('connected');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await status(url.b, '/api/auth/me', cookie)).toBe(401);
    expect(await handshake(url.b, cookie)).toBe('UNAUTHORIZED');
  });
});

describe('an audit read', () => {
  it('shows a check override made on the other instance at once', async () => {
    const owner = await signIn(a, DEMO.olivia);
    const failing = audit.checkResults.find((check) => check.status === 'FAIL');
    if (failing === undefined) throw new Error('the typical guild fails no check');
    const before = await getJson<AuditWithChecks>(url.b, `/api/audits/${audit.id}`, owner);
    expect(before.checkResults.find((check) => check.id === failing.id)?.overrideKind).toBeNull();

    const put = await send(url.a, `/api/checks/${failing.id}`, {
      method: 'PUT',
      cookie: owner,
      origin: true,
      json: { status: 'WAIVED', waiveReason: 'Handled by the moderation team.' },
    });
    expect(put.status).toBe(200);
    for (const base of [url.a, url.b]) {
      const after = await getJson<AuditWithChecks>(base, `/api/audits/${audit.id}`, owner);
      expect(after.selfAttestedOverrides).toBe(before.selfAttestedOverrides + 1);
      expect(after.checkResults.find((check) => check.id === failing.id)).toMatchObject({
        overrideKind: 'self_attested',
        overriddenBy: 'Olivia Owner',
      });
    }
  });

  it('is refused to a user removed from the server in Discord once the list is re-read, on both instances', async () => {
    const cookie = await signIn(a, DEMO.mona);
    expect(await status(url.b, `/api/audits/${audit.id}`, cookie)).toBe(200);
    const guild = simulator.state.guild(GUILDS.typical);
    if (guild === undefined) throw new Error('no simulated typical guild');
    const { roles, members, integrations, auditLogEntries } = guild.fixture;
    const without = members.filter((member) => member.user.id !== DEMO.mona);
    guild.replaceBotCollections({ roles, members: without, integrations, auditLogEntries });
    try {
      // Within the documented window (the list's 10 minutes of freshness) the stored list still answers.
      expect(await status(url.b, `/api/audits/${audit.id}`, cookie)).toBe(200);
      // Ten minutes pass: the list is stale, and the next request re-reads it from Discord.
      await database.db
        .update(users)
        .set({ guildsCheckedAt: new Date(Date.now() - 11 * 60 * 1000) })
        .where(eq(users.discordId, DEMO.mona));
      await b.changes.barrier();
      expect(await status(url.b, `/api/audits/${audit.id}`, cookie)).toBe(404);
      expect(await status(url.a, `/api/audits/${audit.id}`, cookie)).toBe(404);
    } finally {
      guild.replaceBotCollections({ roles, members, integrations, auditLogEntries });
    }
  });
});

describe.skipIf(!onPostgres)('a lost listening connection (PostgreSQL)', () => {
  it('stops the caches at once: a session deleted meanwhile is refused; caching resumes once it listens again', async () => {
    const cookie = await signIn(a, DEMO.olivia);
    expect(await status(url.b, '/api/auth/me', cookie)).toBe(200);

    const admin = new pg.Client({ connectionString: requirePostgresUrl() });
    await admin.connect();
    try {
      // Every listening connection to this test's database: both instances lose their feed.
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = $2',
        [new URL(database.url ?? '').pathname.slice(1), CHANGE_FEED_APPLICATION_NAME],
      );
    } finally {
      await admin.end();
    }
    await waitUntil(() => !b.changes.listening);
    // No notice can reach B now: only the database can tell it the session is gone.
    await (secondDatabase ?? database).db.execute(sql`delete from sessions`);
    expect(await status(url.b, '/api/auth/me', cookie)).toBe(401);

    await waitUntil(() => b.changes.listening && a.changes.listening);
    const again = await signIn(a, DEMO.olivia);
    expect(await status(url.b, '/api/auth/me', again)).toBe(200);
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
