import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audit, AuditUsage, AuditWithChecks, UserAudit } from '../../src/shared/contracts/audits.js';
import { GUILDS, grantEntitlement, serverId, startAudit, waitForAudit } from '../helpers/audits.js';
import { createTestApp, DEMO, sameOrigin, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
const c = { olivia: '', eddie: '', ada: '', mona: '' };
let studyHall = '';
let pixelPlaza = '';
let finished: AuditWithChecks;

beforeAll(async () => {
  t = await createTestApp();
  for (const name of Object.keys(c) as (keyof typeof c)[]) c[name] = await t.signIn(DEMO[name]);
  await grantEntitlement(t, DEMO.eddie);
  studyHall = await serverId(t, c.eddie, GUILDS.studyHall);
  pixelPlaza = await serverId(t, c.olivia, GUILDS.typical);
  const started = await startAudit(t, c.eddie, studyHall);
  finished = await waitForAudit(t, c.eddie, started.json<Audit>().id);
});
afterAll(async () => t?.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie } });

describe('POST /api/audits', () => {
  it('queues an audit at once and a worker completes it with 20 results whose numbers agree', async () => {
    const response = await startAudit(t, c.eddie, studyHall);
    expect(response.statusCode).toBe(201);
    const queued = response.json<Audit>();
    expect(queued).toMatchObject({ serverId: studyHall, status: 'pending', riskScore: null });
    const done = await waitForAudit(t, c.eddie, queued.id);
    expect(done.status).toBe('completed');
    expect(done.checkResults).toHaveLength(20);
    const count = (status: string) => done.checkResults.filter((check) => check.status === status).length;
    expect(done.passedChecks).toBe(count('PASS') + count('WAIVED'));
    expect(done.failedChecks).toBe(count('FAIL'));
    expect(done.unknownChecks).toBe(count('UNKNOWN'));
    expect(done.criticalIssues).toBe(
      done.checkResults.filter((x) => x.status === 'FAIL' && x.severity === 'CRITICAL').length,
    );
    expect(done.riskScore).toEqual(expect.any(Number));
    expect(done.completedAt).not.toBeNull();
  });

  it('marks checks UNKNOWN, naming the missing permission, where the read-only bot could not look', () => {
    const automod = finished.checkResults.find((check) => check.checkId === 'AUTOMOD_ENABLED');
    expect(automod?.status).toBe('UNKNOWN');
    expect(JSON.stringify(automod?.evidence)).toMatch(/MANAGE_GUILD|Manage Server/i);
  });

  it('refuses an owner without a plan, explaining why', async () => {
    const response = await startAudit(t, c.olivia, pixelPlaza);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      error: { code: 'FORBIDDEN', message: expect.stringContaining('audit plan is required') },
    });
  });

  it('lets an admin audit any server without a plan', async () => {
    const response = await startAudit(t, c.ada, pixelPlaza);
    expect(response.statusCode).toBe(201);
    expect((await waitForAudit(t, c.ada, response.json<Audit>().id)).status).toBe('completed');
  });

  it('refuses a second audit of a server while one is queued or running', async () => {
    t.simulator.state.latencyMs = 300;
    try {
      const first = await startAudit(t, c.eddie, studyHall);
      const second = await startAudit(t, c.eddie, studyHall);
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ error: { code: 'CONFLICT' } });
      await waitForAudit(t, c.eddie, first.json<Audit>().id);
    } finally {
      t.simulator.state.latencyMs = 0;
    }
  });

  it('rejects bad input, other owners’ servers and visitors', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/audits',
      headers: sameOrigin(c.eddie),
      payload: { serverId: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'BAD_REQUEST', message: expect.stringContaining('serverId') } });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/audits',
      headers: sameOrigin(c.eddie),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    const foreign = await startAudit(t, c.eddie, pixelPlaza);
    expect(foreign.statusCode).toBe(404);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/audits',
      headers: sameOrigin(),
      payload: { serverId: studyHall },
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('reading audits', () => {
  it('GET /api/audits/{id}: owner and admin see it; another owner gets 404; visitor 401; bad id 400', async () => {
    expect((await get(`/api/audits/${finished.id}`, c.eddie)).json<AuditWithChecks>().id).toBe(finished.id);
    expect((await get(`/api/audits/${finished.id}`, c.ada)).statusCode).toBe(200);
    const other = await get(`/api/audits/${finished.id}`, c.olivia);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('checkResults');
    expect((await get(`/api/audits/${finished.id}`)).statusCode).toBe(401);
    expect((await get('/api/audits/not-an-id', c.eddie)).statusCode).toBe(400);
  });

  it('GET /api/servers/{id}/audits lists newest first, only for those who may see the server', async () => {
    const list = (await get(`/api/servers/${studyHall}/audits`, c.eddie)).json<Audit[]>();
    expect(list.length).toBeGreaterThanOrEqual(2);
    const times = list.map((audit) => audit.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await get(`/api/servers/${studyHall}/audits`, c.olivia)).statusCode).toBe(404);
    expect((await get(`/api/servers/${studyHall}/audits`)).statusCode).toBe(401);
    expect((await get('/api/servers/123/audits', c.eddie)).statusCode).toBe(400);
  });

  it('GET /api/servers/{id}/audit-usage counts completed audits against the plan', async () => {
    const usage = (await get(`/api/servers/${studyHall}/audit-usage`, c.eddie)).json<AuditUsage>();
    expect(usage).toMatchObject({ isAdmin: false, auditLimit: 10, canAudit: true });
    expect(usage.auditsUsed).toBeGreaterThanOrEqual(2);
    expect(usage.remaining).toBe(10 - usage.auditsUsed);
    const none = (await get(`/api/servers/${pixelPlaza}/audit-usage`, c.olivia)).json<AuditUsage>();
    expect(none).toEqual({ isAdmin: false, canAudit: false, remaining: 0, auditsUsed: 0, auditLimit: 0 });
    expect((await get(`/api/servers/${pixelPlaza}/audit-usage`, c.ada)).json<AuditUsage>()).toMatchObject({
      isAdmin: true,
      canAudit: true,
    });
    expect((await get(`/api/servers/${studyHall}/audit-usage`, c.olivia)).statusCode).toBe(404);
    expect((await get(`/api/servers/${studyHall}/audit-usage`)).statusCode).toBe(401);
  });

  it('GET /api/user/audits shows the caller’s servers’ audits with their names, and nobody else’s', async () => {
    const mine = (await get('/api/user/audits', c.eddie)).json<UserAudit[]>();
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.every((audit) => audit.serverId === studyHall && audit.serverName === 'Study Hall')).toBe(true);
    const olivias = (await get('/api/user/audits', c.olivia)).json<UserAudit[]>();
    expect(olivias.some((audit) => audit.serverId === studyHall)).toBe(false);
    expect((await get('/api/user/audits')).statusCode).toBe(401);
  });

  it('GET /api/user/audits lists the audits an admin ran on servers that are not theirs, to them only', async () => {
    const response = await startAudit(t, c.ada, pixelPlaza);
    const started = response.json<Audit>();
    await waitForAudit(t, c.ada, started.id);
    const adas = (await get('/api/user/audits', c.ada)).json<UserAudit[]>();
    expect(adas.find((audit) => audit.id === started.id)).toMatchObject({
      serverId: pixelPlaza,
      serverName: 'Pixel Plaza',
      status: 'completed',
    });
    const eddies = (await get('/api/user/audits', c.eddie)).json<UserAudit[]>();
    expect(eddies.some((audit) => audit.id === started.id)).toBe(false);
  });
});
