import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, sessions, users } from '../../src/server/db/schema.js';
import { REASON_TOO_SHORT } from '../../src/server/modules/audits/check-overrides.js';
import { BOT_NOT_IN_SERVER_REASON } from '../../src/server/modules/audits/runner.js';
import type { Audit, UpdateCheckResponse } from '../../src/shared/contracts/audits.js';
import type { z } from 'zod';
import { readInfoString } from '../helpers/pdf.js';
import { GUILDS, grantEntitlement, serverId, startAudit, waitForAudit } from '../helpers/audits.js';
import { createTestApp, DEMO, sameOrigin, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
const c = { olivia: '', eddie: '', ada: '' };
let citadel = '';

beforeAll(async () => {
  t = await createTestApp();
  for (const name of Object.keys(c) as (keyof typeof c)[]) c[name] = await t.signIn(DEMO[name as keyof typeof DEMO]);
  await grantEntitlement(t, DEMO.eddie);
  citadel = await serverId(t, c.eddie, GUILDS.hardened);
});
afterAll(async () => t?.close());

describe('the bot invite', () => {
  it('fails the audit with the invite message before the bot is invited, and runs it after', async () => {
    const before = await waitForAudit(t, c.eddie, (await startAudit(t, c.eddie, citadel)).json<Audit>().id);
    expect(before).toMatchObject({ status: 'failed', failureReason: BOT_NOT_IN_SERVER_REASON, checkResults: [] });
    const notices = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: c.eddie } });
    const failedNotices = notices
      .json<{ title: string; message: string; actionUrl: string | null }[]>()
      .filter((notice) => notice.title === 'Audit Failed');
    expect(failedNotices).toEqual([
      expect.objectContaining({
        message: expect.stringContaining(BOT_NOT_IN_SERVER_REASON),
        actionUrl: `/audits/${before.id}`,
      }),
    ]);

    t.simulator.state.addBotToGuild(GUILDS.hardened, 536872096n, DEMO.eddie);
    const after = await waitForAudit(t, c.eddie, (await startAudit(t, c.eddie, citadel)).json<Audit>().id);
    expect(after.status).toBe('completed');
    expect(after.riskScore).toBeGreaterThanOrEqual(90);
    expect(after.criticalIssues).toBe(0);
    expect(after.checkResults.find((check) => check.checkId === 'CSU_OWNER_VERIFICATION')?.status).toBe('PASS');
  });
});

describe('PUT /api/checks/{checkId}', () => {
  type Result = z.infer<typeof UpdateCheckResponse>;
  const put = (id: string, cookie: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/checks/${id}`, headers: sameOrigin(cookie), payload: payload as object });

  it('keeps the score of record when the owner waives a failed check, and recomputes it on a staff decision', async () => {
    const [latest] = (
      await t.app.inject({ method: 'GET', url: `/api/servers/${citadel}/audits`, headers: { cookie: c.eddie } })
    ).json<Audit[]>();
    const audit = await waitForAudit(t, c.eddie, latest?.id ?? '');
    const failed = audit.checkResults.find((check) => check.status === 'FAIL');
    if (failed === undefined) throw new Error('the hardened guild should still fail a manual check');

    const needsReason = await put(failed.id, c.eddie, { status: 'WAIVED' });
    expect(needsReason.statusCode).toBe(400);
    expect(needsReason.json()).toMatchObject({ error: { message: REASON_TOO_SHORT } });

    const waived = await put(failed.id, c.eddie, {
      status: 'WAIVED',
      waiveReason: 'Backups run nightly; see runbook.',
    });
    expect(waived.statusCode).toBe(200);
    const body = waived.json<Result>();
    expect(body.check).toMatchObject({
      id: failed.id,
      status: 'FAIL',
      selfAttestedStatus: 'WAIVED',
      overrideReason: 'Backups run nightly; see runbook.',
      overrideKind: 'self_attested',
    });
    expect(body.audit).toMatchObject({
      passedChecks: audit.passedChecks,
      riskScore: audit.riskScore,
      selfAttestedOverrides: 1,
    });
    expect(body.audit.selfAttestedRiskScore).toBeGreaterThan(audit.riskScore ?? 100);

    const staffWaived = await put(failed.id, c.ada, { status: 'WAIVED', waiveReason: 'Runbook checked' });
    expect(staffWaived.json<Result>().audit.passedChecks).toBe(audit.passedChecks + 1);
    expect(staffWaived.json<Result>().audit.riskScore).toBeGreaterThan(audit.riskScore ?? 100);

    const reverted = await put(failed.id, c.ada, { status: 'FAIL' });
    expect(reverted.json<Result>().audit).toMatchObject({
      passedChecks: audit.passedChecks,
      riskScore: audit.riskScore,
      selfAttestedOverrides: 0,
    });
    expect(reverted.json<Result>().check).toMatchObject({ waiveReason: null, overrideKind: 'staff' });
  });

  it('rejects bad input, other owners and visitors', async () => {
    const [latest] = (
      await t.app.inject({ method: 'GET', url: `/api/servers/${citadel}/audits`, headers: { cookie: c.eddie } })
    ).json<Audit[]>();
    const audit = await waitForAudit(t, c.eddie, latest?.id ?? '');
    const check = audit.checkResults[0];
    if (check === undefined) throw new Error('no checks');
    expect((await put(check.id, c.eddie, { status: 'MAYBE' })).statusCode).toBe(400);
    expect((await put('not-an-id', c.eddie, { status: 'FAIL' })).statusCode).toBe(400);
    const other = await put(check.id, c.olivia, { status: 'WAIVED', waiveReason: 'mine now' });
    expect(other.statusCode).toBe(404);
    expect((await put(check.id, undefined, { status: 'FAIL' })).statusCode).toBe(401);
  });
});

describe('GET /api/audits/{id}/download-report', () => {
  it('returns a PDF naming the server to the owner only, and 409 before the audit completes', async () => {
    const [latest] = (
      await t.app.inject({ method: 'GET', url: `/api/servers/${citadel}/audits`, headers: { cookie: c.eddie } })
    ).json<Audit[]>();
    const id = latest?.id ?? '';
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/audits/${id}/download-report`,
      headers: { cookie: c.eddie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`rampart-audit-${id}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(readInfoString(pdf.rawPayload, 'Title')).toBe('Rampart security audit — Citadel Security Lab');

    expect(
      (await t.app.inject({ method: 'GET', url: `/api/audits/${id}/download-report`, headers: { cookie: c.olivia } }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/audits/${id}/download-report` })).statusCode).toBe(401);

    const [failed] = await t.database.db.select().from(audits).where(eq(audits.status, 'failed')).limit(1);
    const early = await t.app.inject({
      method: 'GET',
      url: `/api/audits/${failed?.id ?? ''}/download-report`,
      headers: { cookie: c.eddie },
    });
    expect(early.statusCode).toBe(409);
  });
});

describe('durable runs', () => {
  it('picks up an audit whose process died mid-run, and gives up on one interrupted too often', async () => {
    const past = new Date(Date.now() - 60_000);
    const [orphan] = await t.database.db
      .insert(audits)
      .values({ serverId: citadel, status: 'running', attempts: 1, leaseExpiresAt: past, startedAt: past })
      .returning();
    expect((await waitForAudit(t, c.eddie, orphan?.id ?? '')).status).toBe('completed');

    const [hopeless] = await t.database.db
      .insert(audits)
      .values({ serverId: citadel, status: 'running', attempts: 3, leaseExpiresAt: past, startedAt: past })
      .returning();
    const given = await waitForAudit(t, c.eddie, hopeless?.id ?? '');
    expect(given).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('interrupted repeatedly') });
  });
});

describe('real-time progress', () => {
  let address = '';
  beforeAll(async () => {
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('disconnects a socket when its session expires', async () => {
    const cookie = await t.signIn(DEMO.ada);
    const [ada] = await t.database.db.select().from(users).where(eq(users.discordId, DEMO.ada));
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 1500) })
      .where(eq(sessions.userId, ada?.id ?? ''));
    const socket = io(address, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
    });
    const reason = await new Promise<string>((resolve) => socket.on('disconnect', (why) => resolve(why)));
    expect(reason).toBe('io server disconnect');
  });

  it('pushes audit.updated to the owner as the run advances; refuses sockets without a session or from another site; drops them at sign-out', async () => {
    const connect = (cookie?: string) =>
      io(address, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: cookie === undefined ? {} : { cookie },
        reconnection: false,
      });

    const anonymous = connect();
    const refused = await new Promise<string>((resolve) =>
      anonymous.on('connect_error', (error) => resolve(error.message)),
    );
    expect(refused).toBe('UNAUTHORIZED');
    anonymous.close();

    const foreign = io(address, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: c.eddie, origin: 'https://evil.example' },
      reconnection: false,
    });
    await new Promise<void>((resolve) => foreign.on('connect_error', () => resolve()));
    expect(foreign.connected).toBe(false);
    foreign.close();

    const socket: Socket = connect(c.eddie);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    const seen: Audit[] = [];
    const completed = new Promise<void>((resolve) =>
      socket.on('audit.updated', (audit: Audit) => {
        seen.push(audit);
        if (audit.status === 'completed') resolve();
      }),
    );
    const started = (await startAudit(t, c.eddie, citadel)).json<Audit>();
    await completed;
    const dropped = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: sameOrigin(c.eddie) });
    expect(await dropped).toBe('io server disconnect');
    expect(seen.every((audit) => audit.id === started.id)).toBe(true);
    expect(seen.map((audit) => audit.status)).toContain('running');
    expect(seen.at(-1)).toMatchObject({ status: 'completed', progressStep: 8 });
  });
});
