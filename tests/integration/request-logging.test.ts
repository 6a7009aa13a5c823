import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits } from '../../src/server/db/schema.js';
import type { Audit } from '../../src/shared/contracts/audits.js';
import { GUILDS, grantEntitlement, serverId, startAudit, waitForAudit } from '../helpers/audits.js';
import { createTestApp, DEMO, type TestApp } from '../helpers/test-app.js';

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  [field: string]: unknown;
}

/** Every line the app logs, as pino wrote it. */
const rawLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    rawLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
const lines = () => rawLines.map((line) => JSON.parse(line) as LogLine);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SERVICE_LINES = ['a service line before any wait', 'a service line after a wait'];

let t: TestApp;
beforeAll(async () => {
  // Debug, so Fastify's own per-request lines are written too.
  t = await createTestApp({ LOG_LEVEL: 'debug' }, { logger: true, logDestination: logStream });
  // A handler that logs as services do, through the app's logger (ctx.log), across a wait and after a body was read.
  t.app.post('/test/service-logs', async (request) => {
    t.app.log.info(SERVICE_LINES[0]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    t.app.log.warn({ body: request.body }, SERVICE_LINES[1]);
    return { logged: true };
  });
});
afterAll(async () => t?.close());

const serviceLogs = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/test/service-logs', headers, payload: { n: 1 } });

describe('request ids', () => {
  it('answers every request with a new id, or the caller’s when it is safe to log', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(UUID);
    const forwarded = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-7f3a.9_Z' },
    });
    expect(forwarded.headers['x-request-id']).toBe('lb-7f3a.9_Z');
    for (const unsafe of ['two words', '{"level":60}', 'a'.repeat(65), '']) {
      const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': unsafe } });
      expect(response.headers['x-request-id'], unsafe).toMatch(UUID);
    }
  });

  it('answers errors and redirects with their id too', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(UUID);
    const malformed = await t.app.inject({ method: 'GET', url: '/api/audits/%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers['x-request-id']).toMatch(UUID);
    const redirected = await t.app.inject({ method: 'GET', url: '/servers', headers: { host: '127.0.0.1' } });
    expect(redirected.statusCode).toBe(307);
    expect(redirected.headers['x-request-id']).toMatch(UUID);
  });

  it('carries the request’s id on every line written while serving it, the app logger’s included', async () => {
    const from = rawLines.length;
    const [first, second] = await Promise.all([serviceLogs(), serviceLogs({ 'x-request-id': 'second-request' })]);
    const written = lines().slice(from);
    for (const response of [first, second]) {
      expect(response.statusCode).toBe(200);
      const id = String(response.headers['x-request-id']);
      const own = written.filter((line) => line.reqId === id);
      // Fastify's two lines and the two the handler wrote through the app's logger.
      expect(own.map((line) => line.msg).sort()).toEqual(
        ['incoming request', 'request completed', ...SERVICE_LINES].sort(),
      );
    }
    const served = written.filter((line) => SERVICE_LINES.includes(line.msg ?? '') || line.msg?.includes('request'));
    expect(
      served.every((line) => line.reqId === first.headers['x-request-id'] || line.reqId === 'second-request'),
    ).toBe(true);
    // A request's own logger already binds the id: the mixin must not write it a second time.
    expect(rawLines.slice(from).every((line) => line.split('"reqId"').length <= 2)).toBe(true);
  });

  it('carries it on a product service’s line: a webhook refused for its signature', async () => {
    const from = rawLines.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/nowpayments',
      headers: { 'content-type': 'application/json', 'x-nowpayments-sig': 'forged' },
      payload: { payment_id: 1, payment_status: 'finished' },
    });
    expect(response.statusCode).toBe(400);
    const id = response.headers['x-request-id'];
    const written = lines().slice(from);
    const refusal = written.find((line) => line.msg?.startsWith('NOWPayments IPN refused'));
    expect(refusal?.reqId).toBe(id);
    expect(written.filter((line) => line.reqId === id).length).toBeGreaterThanOrEqual(3);
    expect(written.filter((line) => line.reqId !== undefined).every((line) => line.reqId === id)).toBe(true);
  });
});

describe('the audit run line', () => {
  it('is written once per run, at info when it completed and at warn when it failed', async () => {
    const eddie = await t.signIn(DEMO.eddie);
    await grantEntitlement(t, DEMO.eddie);
    const studyHall = await serverId(t, eddie, GUILDS.studyHall);
    // The bot was never invited to Eddie's hardened server: its audit fails.
    const citadel = await serverId(t, eddie, GUILDS.hardened);
    const completed = await waitForAudit(t, eddie, (await startAudit(t, eddie, studyHall)).json<Audit>().id);
    const failed = await waitForAudit(t, eddie, (await startAudit(t, eddie, citadel)).json<Audit>().id);
    expect([completed.status, failed.status]).toEqual(['completed', 'failed']);

    const runLine = (auditId: string) => {
      const found = lines().filter((line) => line.msg === 'audit run finished' && line.auditId === auditId);
      expect(found).toHaveLength(1);
      return found[0];
    };
    const done = runLine(completed.id);
    expect(done).toMatchObject({ level: 30, serverId: studyHall, trigger: 'manual', outcome: 'completed', attempt: 1 });
    const [stored] = await t.database.db
      .select({ restCalls: audits.restCalls })
      .from(audits)
      .where(eq(audits.id, completed.id));
    expect(done?.restCalls).toBe(stored?.restCalls);
    expect(done?.restCalls).toBeGreaterThan(0);
    expect(done?.durationMs).toEqual(expect.any(Number));
    const refused = runLine(failed.id);
    expect(refused).toMatchObject({ level: 40, serverId: citadel, outcome: 'failed', restCalls: null, attempt: 1 });
  });
});
