import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditWithChecks } from '../../src/shared/contracts/audits.js';
import type { ServerEventPayload } from '../../src/shared/contracts/realtime.js';
import { manualChecklistFor } from '../../src/shared/evidence-rules.js';
import { ADA, EDDIE, OLIVIA } from '../../src/simulators/discord/fixtures/accounts.js';
import {
  DANGEROUS_GUILD_ID,
  HARDENED_GUILD_ID,
  STUDY_HALL_GUILD_ID,
  TYPICAL_GUILD_ID,
} from '../../src/simulators/discord/fixtures/index.js';
import { REALTIME_PATH, REALTIME_TRANSPORTS } from '../../src/web/lib/realtime.js';
import { request } from '../helpers/sockets.js';
import { startCluster, type Cluster, type Instance } from './support/cluster.js';
import { type Answer, send, signInThrough } from './support/http-client.js';

const AUTH_RATE_LIMIT = 10;
const AUDITS = 50;
const EVENTS = 1000;
/** The guilds the bot is in (Citadel after the invite below), the 50,000-member one left out. */
const AUDITED_GUILDS = [TYPICAL_GUILD_ID, DANGEROUS_GUILD_ID, STUDY_HALL_GUILD_ID, HARDENED_GUILD_ID];
const SCHEDULED_GUILDS = [TYPICAL_GUILD_ID, DANGEROUS_GUILD_ID, STUDY_HALL_GUILD_ID];
/** The permissions the fixtures give the bot in the other guilds (see the simulator's README). */
const BOT_PERMISSIONS = 536872096n;

const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const redisUrl = process.env.TEST_REDIS_URL ?? '';

/**
 * Issue 12, "Scale-out, proven": two instances of the real server on one PostgreSQL and one Redis, behind a
 * load balancer without sticky sessions. The project runs only where both are configured (vitest.config.ts).
 */
describe('two instances behind a round-robin load balancer', () => {
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;
  const cookies = { olivia: '', eddie: '', ada: '' };
  const serverIds = new Map<string, string>();
  let completedAudits: { id: string; guild: string }[] = [];

  const viaLb = (options: Parameters<typeof send>[2]) => send(cluster.lb.port, cluster.lb.url, options);
  const direct = (instance: Instance, options: Parameters<typeof send>[2]) =>
    send(instance.port, cluster.lb.url, options);
  const rows = async <T>(text: string, values: unknown[] = []) => (await cluster.db.query(text, values)).rows as T[];

  beforeAll(async () => {
    cluster = await startCluster({
      databaseUrl,
      redisUrl,
      env: { AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_RATE_LIMIT), MONITORING_SWEEP_SECONDS: '1' },
    });
    [a, b] = cluster.instances;
    cluster.simulator.state.addBotToGuild(HARDENED_GUILD_ID, BOT_PERMISSIONS, EDDIE.user.id);
  }, 180_000);
  afterAll(async () => cluster?.close());

  it('accepts on each instance a session made through the other', async () => {
    cookies.olivia = await signInThrough(cluster.lb.port, cluster.lb.url, OLIVIA.user.id);
    cookies.eddie = await signInThrough(cluster.lb.port, cluster.lb.url, EDDIE.user.id);
    cookies.ada = await signInThrough(cluster.lb.port, cluster.lb.url, ADA.user.id);
    const signIns = cluster.lb.routed.filter((entry) => entry.path.startsWith('/api/auth/discord'));
    expect(new Set(signIns.map((entry) => entry.backend))).toEqual(new Set([0, 1]));
    for (const instance of [a, b]) {
      const me = await direct(instance, { path: '/api/auth/me', cookie: cookies.olivia });
      expect(me.status, me.body).toBe(200);
      expect(me.json<{ discordId: string }>().discordId).toBe(OLIVIA.user.id);
    }
    for (const row of await rows<{ id: string; discord_id: string }>(
      'select id, discord_id from servers where discord_id = any($1)',
      [AUDITED_GUILDS],
    ))
      serverIds.set(row.discord_id, row.id);
    expect([...serverIds.keys()].sort()).toEqual([...AUDITED_GUILDS].sort());
  });

  it(`runs each of ${AUDITS} audits started across both instances exactly once`, async () => {
    cluster.simulator.state.resetRequestLog();
    const started: { id: string; guild: string }[] = [];
    /** The instances seen holding a run's lease (it is cleared when the run ends). */
    const runners = new Set<string>();
    while (started.length < AUDITS) {
      const round = AUDITED_GUILDS.slice(0, AUDITS - started.length);
      const answers = await Promise.all(
        round.map((guild, index) =>
          direct((started.length + index) % 2 === 0 ? a : b, {
            method: 'POST',
            path: '/api/audits',
            cookie: cookies.ada,
            body: { serverId: serverIds.get(guild) },
          }),
        ),
      );
      answers.forEach((answer, index) => {
        expect(answer.status, answer.body).toBe(201);
        started.push({ id: answer.json<{ id: string }>().id, guild: round[index] ?? '' });
      });
      await waitFor(async () => {
        const active = await rows<{ lease_holder: string | null }>(
          `select lease_holder from audits where id = any($1) and status in ('pending', 'running')`,
          [started.map((audit) => audit.id)],
        );
        for (const { lease_holder: holder } of active) if (holder !== null) runners.add(holder);
        return active.length === 0;
      }, 30_000);
    }

    const finished = await rows<{ id: string; status: string; attempts: number }>(
      'select id, status, attempts from audits where id = any($1)',
      [started.map((audit) => audit.id)],
    );
    expect(finished).toHaveLength(AUDITS);
    expect(finished.filter((audit) => audit.status !== 'completed' || audit.attempts !== 1)).toEqual([]);
    expect([...runners].sort()).toEqual(['a', 'b']);
    // One guild collection per audit: the collector reads GET /guilds/{id} once per run, and nothing else does
    // (a read the simulator's rate limit refused, 429, is retried by the REST client and not a second collection).
    const collections = cluster.simulator.state.requestLog.filter(
      (entry) => entry.method === 'GET' && entry.route === '/guilds/:guildId' && entry.status === 200,
    );
    for (const guild of AUDITED_GUILDS) {
      expect(collections.filter((entry) => entry.path === `/guilds/${guild}`).length, guild).toBe(
        started.filter((audit) => audit.guild === guild).length,
      );
    }
    completedAudits = started;
  }, 120_000);

  it(`delivers all ${EVENTS} thread messages posted on one instance to a socket on the other`, async () => {
    const typicalAudit = completedAudits.find((audit) => audit.guild === TYPICAL_GUILD_ID);
    const audit = (
      await viaLb({ path: `/api/audits/${typicalAudit?.id}`, cookie: cookies.olivia })
    ).json<AuditWithChecks>();
    const check = audit.checkResults.find(
      (result) =>
        result.status === 'FAIL' && !result.requiresManualEvidence && manualChecklistFor(result.checkId) === undefined,
    );
    const opened = await viaLb({
      method: 'POST',
      path: '/api/evidence/threads',
      cookie: cookies.olivia,
      body: { auditId: audit.id, checkId: check?.checkId, content: 'Our moderators review this weekly.' },
    });
    expect(opened.status, opened.body).toBe(201);
    const threadId = opened.json<{ thread: { id: string } }>().thread.id;

    const socket = await connectThroughLb(cookies.olivia);
    try {
      const socketBackend = cluster.lb.routed.filter((entry) => entry.kind === 'upgrade').at(-1)?.backend;
      const poster = socketBackend === 0 ? b : a;
      expect(await request(socket, 'join-thread', threadId)).toBe(true);
      const delivered = new Set<string>();
      socket.on('message.created', (event: ServerEventPayload<'message.created'>) => {
        if (event.threadId === threadId) delivered.add(event.message.id);
      });

      const posted = await inParallel(EVENTS, 10, async (index) => {
        const answer = await direct(poster, {
          method: 'POST',
          path: `/api/evidence/threads/${threadId}/messages`,
          cookie: cookies.ada,
          body: { content: `Staff note ${index + 1}` },
        });
        expect(answer.status, answer.body).toBe(201);
        return answer.json<{ message: { id: string } }>().message.id;
      });
      await waitFor(async () => delivered.size >= EVENTS, 20_000).catch(() => undefined);
      expect(posted.filter((id) => !delivered.has(id))).toEqual([]);
      expect(delivered.size).toBe(EVENTS);
    } finally {
      socket.close();
    }
  }, 120_000);

  it('claims each due scheduled re-audit on one instance only', async () => {
    const scheduled = SCHEDULED_GUILDS.map((guild) => serverIds.get(guild) ?? '');
    await cluster.db.query(
      `insert into monitoring_settings (server_id, enabled, staff_enabled, next_run_at)
       select id, true, true, now() - interval '1 minute' from unnest($1::uuid[]) as id
       on conflict (server_id) do update set enabled = true, staff_enabled = true, next_run_at = excluded.next_run_at`,
      [scheduled],
    );
    const scheduledAudits = () =>
      rows<{ server_id: string; status: string; attempts: number }>(
        `select server_id, status, attempts from audits where trigger = 'scheduled' and server_id = any($1)`,
        [scheduled],
      );
    await waitFor(async () => {
      const audits = await scheduledAudits();
      return (
        new Set(audits.map((audit) => audit.server_id)).size === scheduled.length &&
        audits.every((audit) => audit.status === 'completed')
      );
    }, 30_000);
    // Several sweeps of both instances later, still one each.
    await sleep(3000);
    const audits = await scheduledAudits();
    expect(audits.map((audit) => audit.server_id).sort()).toEqual([...scheduled].sort());
    expect(audits.every((audit) => audit.attempts === 1)).toBe(true);
    const slots = await rows<{ next_run_at: Date }>(
      'select next_run_at from monitoring_settings where server_id = any($1)',
      [scheduled],
    );
    expect(slots.filter((slot) => slot.next_run_at.getTime() <= Date.now())).toEqual([]);
  }, 60_000);

  it('shares rate-limit counters: the limit holds across both instances, not once per instance', async () => {
    // A client address of its own (as the load balancer forwards it), so no earlier request counts.
    const client = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
    const answers: Answer[] = [];
    for (let index = 0; index < AUTH_RATE_LIMIT * 3; index++) {
      answers.push(
        await direct(index % 2 === 0 ? a : b, {
          path: '/api/auth/discord',
          headers: { 'x-forwarded-for': client },
        }),
      );
    }
    const allowed = answers.filter((answer) => answer.status === 302);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(allowed).toHaveLength(AUTH_RATE_LIMIT);
    expect(limited).toHaveLength(AUTH_RATE_LIMIT * 2);
    expect(answers.slice(0, AUTH_RATE_LIMIT).every((answer) => answer.status === 302)).toBe(true);
  });

  it('stops both instances cleanly on SIGTERM', async () => {
    expect(await cluster.stopInstances()).toEqual([0, 0]);
  });

  function connectThroughLb(cookie: string): Promise<Socket> {
    // The web client's transports: WebSocket first, so the session lives on one connection to one instance.
    const socket = io(cluster.lb.url, {
      path: REALTIME_PATH,
      ...REALTIME_TRANSPORTS,
      extraHeaders: { cookie, origin: cluster.lb.url },
      reconnection: false,
    });
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Runs `count` tasks, at most `width` at a time; their results in index order. */
async function inParallel<T>(count: number, width: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}
