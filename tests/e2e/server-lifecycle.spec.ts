import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.js';
import { audits } from '../../src/server/db/schema.js';
import type { AuditWithChecks } from '../../src/shared/contracts/audits.js';
import type { Server } from '../../src/shared/contracts/servers.js';
import { ADA, EDDIE, OLIVIA } from '../../src/simulators/discord/fixtures/accounts.js';
import {
  DANGEROUS_GUILD_ID,
  LARGE_GUILD_ID,
  STUDY_HALL_GUILD_ID,
  TYPICAL_GUILD_ID,
} from '../../src/simulators/discord/fixtures/index.js';
import { freePort, type ServerProcess, signInOverHttp, startServerProcess } from './support/server-process.js';

/** Every fixture guild the bot is in: one audit each (a server runs one audit at a time). */
const AUDITABLE_GUILDS = [TYPICAL_GUILD_ID, DANGEROUS_GUILD_ID, LARGE_GUILD_ID, STUDY_HALL_GUILD_ID];
const PROCESS_TEST_MS = 240_000;

const dataDirs: string[] = [];
const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.allSettled(running.splice(0).map((server) => server.stop('SIGKILL')));
  dataDirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

async function start(dataDir: string, port: number, logLevel?: string): Promise<ServerProcess> {
  const server = await startServerProcess({ dataDir, port, ...(logLevel === undefined ? {} : { logLevel }) });
  running.push(server);
  return server;
}

async function stop(server: ServerProcess, signal: NodeJS.Signals): Promise<number | null> {
  running.splice(running.indexOf(server), 1);
  return server.stop(signal);
}

function newDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rampart-lifecycle-'));
  dataDirs.push(dir);
  return dir;
}

/** The demo admin queues an audit of every server the bot is in; the owners sign in first so their servers are known. */
async function queueAudits(url: string): Promise<{ admin: string; auditIds: string[]; serverIds: string[] }> {
  const owners = await Promise.all([signInOverHttp(url, OLIVIA.user.id), signInOverHttp(url, EDDIE.user.id)]);
  const listed = await Promise.all(
    owners.map(
      async (cookie) => (await fetch(`${url}/api/servers`, { headers: { cookie } })).json() as Promise<Server[]>,
    ),
  );
  const serverIds = listed
    .flat()
    .filter((server) => AUDITABLE_GUILDS.includes(server.discordId))
    .map((server) => server.id);
  expect(serverIds).toHaveLength(AUDITABLE_GUILDS.length);
  const admin = await signInOverHttp(url, ADA.user.id);
  const auditIds: string[] = [];
  for (const serverId of serverIds) {
    const response = await postAudit(url, admin, serverId);
    expect(response.status).toBe(201);
    auditIds.push(((await response.json()) as AuditWithChecks).id);
  }
  return { admin, auditIds, serverIds };
}

function postAudit(url: string, cookie: string, serverId: string): Promise<Response> {
  return fetch(`${url}/api/audits`, {
    method: 'POST',
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ serverId }),
  });
}

async function readAudits(url: string, cookie: string, ids: readonly string[]): Promise<AuditWithChecks[]> {
  return Promise.all(
    ids.map(
      async (id) =>
        (await fetch(`${url}/api/audits/${id}`, { headers: { cookie } })).json() as Promise<AuditWithChecks>,
    ),
  );
}

async function waitUntil(
  url: string,
  cookie: string,
  ids: readonly string[],
  done: (audits: AuditWithChecks[]) => boolean,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await readAudits(url, cookie, ids);
    if (done(current)) return current;
    if (Date.now() > deadline)
      throw new Error(
        `audits not there within ${timeoutMs} ms: ${JSON.stringify(current.map((a) => [a.status, a.failureReason]))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const finished = (audit: AuditWithChecks) => audit.status === 'completed' || audit.status === 'failed';
const outcomes = (list: AuditWithChecks[]) =>
  list.map((audit) => ({ status: audit.status, failureReason: audit.failureReason }));
const allCompleted = (ids: readonly string[]) => ids.map(() => ({ status: 'completed', failureReason: null }));

describe('start-up', () => {
  it(
    'prints only the address to open, and in demo mode listens on loopback only',
    { timeout: PROCESS_TEST_MS },
    async () => {
      const port = await freePort();
      const server = await start(newDataDir(), port, 'info');
      const printed = new Set(server.output().match(/https?:\/\/[^\s)"]+/g));
      // The app, the demo's simulated wallet, the simulated Discord webhook an owner pastes into the Monitoring card
      // (a Discord URL, as in production) and simulated Stripe: addresses a person uses, never a bind address.
      const stripe = new URL(server.url);
      stripe.port = String(port + 1);
      expect([...printed]).toEqual([
        server.url,
        `${server.url}/_sim/wallet`,
        expect.stringMatching(/^https:\/\/discord\.com\/api\/webhooks\/\d{17,20}\/[\w-]+$/),
        stripe.origin,
      ]);
      expect(server.output()).toContain('Listening on loopback only');

      const outside = Object.values(os.networkInterfaces())
        .flat()
        .find((address) => address !== undefined && address.family === 'IPv4' && !address.internal);
      if (outside !== undefined) {
        await expect(fetch(`http://${outside.address}:${port}/healthz`)).rejects.toThrow();
      }
      expect(await stop(server, 'SIGINT')).toBe(0);
    },
  );
});

describe('audits across restarts', () => {
  it('completes every queued audit across a graceful restart', { timeout: PROCESS_TEST_MS }, async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const first = await start(dataDir, port);
    const { admin, auditIds } = await queueAudits(first.url);
    const atStop = await readAudits(first.url, admin, auditIds);
    expect(
      atStop.some((audit) => !finished(audit)),
      'some audits are still queued or running when the stop begins',
    ).toBe(true);
    expect(await stop(first, 'SIGINT')).toBe(0);

    const second = await start(dataDir, port);
    const after = await waitUntil(second.url, admin, auditIds, (list) => list.every(finished), 60_000);
    expect(outcomes(after)).toEqual(allCompleted(auditIds));
    expect(await stop(second, 'SIGINT')).toBe(0);
  });

  it(
    'takes back the runs a killed process held as soon as it starts again, without waiting for their leases',
    { timeout: PROCESS_TEST_MS },
    async () => {
      const dataDir = newDataDir();
      const port = await freePort();
      const first = await start(dataDir, port);
      const { admin, auditIds, serverIds } = await queueAudits(first.url);
      await waitUntil(first.url, admin, auditIds, (list) => list.some((audit) => audit.status === 'running'), 30_000);
      await stop(first, 'SIGKILL');

      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const orphans = await database.db.select().from(audits).where(eq(audits.status, 'running'));
        expect(orphans.length, 'the kill left runs holding leases').toBeGreaterThan(0);
        for (const orphan of orphans) expect(orphan.leaseExpiresAt?.getTime()).toBeGreaterThan(Date.now());
        // A slow start could outlive the 60 s lease and hide whether the orphans were recognised or merely expired.
        await database.db
          .update(audits)
          .set({ leaseExpiresAt: new Date(Date.now() + 60 * 60_000) })
          .where(eq(audits.status, 'running'));
      } finally {
        await database.close();
      }

      const second = await start(dataDir, port);
      const after = await waitUntil(second.url, admin, auditIds, (list) => list.every(finished), 60_000);
      expect(outcomes(after)).toEqual(allCompleted(auditIds));
      // The servers are free again at once: a new audit is accepted, not refused as "already running".
      const again = await postAudit(second.url, admin, serverIds[0] ?? '');
      expect(again.status).toBe(201);
      expect(await stop(second, 'SIGINT')).toBe(0);
    },
  );
});
