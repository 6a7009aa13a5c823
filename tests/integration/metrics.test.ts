import { randomUUID } from 'node:crypto';
import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits } from '../../src/server/db/schema.js';
import type { Audit } from '../../src/shared/contracts/audits.js';
import { GUILDS, grantEntitlement, serverId, startAudit, waitForAudit } from '../helpers/audits.js';
import { connectSocket } from '../helpers/sockets.js';
import { createTestApp, DEMO, type TestApp } from '../helpers/test-app.js';

const TOKEN = 'metrics-test-token-0123456789abcdef';
/** A non-comment line of the Prometheus text format: `name{labels} value`. */
const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (\S+)$/;

let t: TestApp;
let off: TestApp;
let eddie = '';

beforeAll(async () => {
  [t, off] = await Promise.all([createTestApp({ METRICS_TOKEN: TOKEN }), createTestApp()]);
  eddie = await t.signIn(DEMO.eddie);
});
afterAll(async () => {
  await t?.close();
  await off?.close();
});

const scrapeWith = (app: TestApp, authorization?: string) =>
  app.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization === undefined ? {} : { authorization },
  });

async function scrape(): Promise<string> {
  const response = await scrapeWith(t, `Bearer ${TOKEN}`);
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** Every sample of the exposition as `name{labels}` → value; fails on a line that is not the text format. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = SAMPLE_LINE.exec(line);
    expect(match, line).not.toBeNull();
    found.set(`${match?.[1] ?? ''}${match?.[2] ?? ''}`, Number(match?.[3]));
  }
  return found;
}

const valueOf = (text: string, series: string) => samples(text).get(series) ?? 0;

describe('GET /metrics', () => {
  it('is off unless METRICS_TOKEN is set: 404, token or not', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const response = await scrapeWith(off, authorization);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) as string } });
    }
  });

  it('refuses a scrape without the token, or with a wrong one, with 401', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN.slice(0, -1)}x`, `Basic ${TOKEN}`, TOKEN]) {
      const response = await scrapeWith(t, authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    }
  });

  it('answers the token in the text format, never cached', async () => {
    const response = await scrapeWith(t, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(samples(response.body).size).toBeGreaterThan(0);
  });

  it('is scraped at an instance’s own address, not redirected to PUBLIC_URL', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { host: '10.0.0.5:5000', authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('counts requests by route pattern, never by raw URL, and unknown paths as unmatched', async () => {
    const id = randomUUID();
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({ method: 'GET', url: `/api/audits/${id}`, headers: { cookie: eddie } });
      expect(response.statusCode).toBe(404);
    }
    await t.app.inject({ method: 'GET', url: `/api/no-such-thing/${id}` });
    const text = await scrape();
    expect(valueOf(text, 'rampart_http_requests_total{route="/api/audits/:id",method="GET",status="404"}')).toBe(3);
    expect(valueOf(text, 'rampart_http_requests_total{route="unmatched",method="GET",status="404"}')).toBe(1);
    expect(valueOf(text, 'rampart_http_request_duration_seconds_count{route="/api/audits/:id",method="GET"}')).toBe(3);
    expect(text).not.toContain(id);
  });

  it('reads the audit queue depth at scrape time', async () => {
    const rows = await t.database.db
      .select({ status: audits.status, audits: count() })
      .from(audits)
      .where(inArray(audits.status, ['pending', 'running']))
      .groupBy(audits.status);
    const text = await scrape();
    for (const status of ['pending', 'running']) {
      const stored = Number(rows.find((row) => row.status === status)?.audits ?? 0);
      expect(samples(text).get(`rampart_audit_queue_depth{status="${status}"}`)).toBe(stored);
    }
  });

  it('records an audit run by outcome and trigger, and the Discord 429 it met on the way', async () => {
    await grantEntitlement(t, DEMO.eddie);
    const studyHall = await serverId(t, eddie, GUILDS.studyHall);
    t.simulator.state.forceRateLimit(`GET /guilds/${GUILDS.studyHall}`, 1, 0.1);
    const before = await scrape();
    const audit = await waitForAudit(t, eddie, (await startAudit(t, eddie, studyHall)).json<Audit>().id);
    expect(audit.status).toBe('completed');
    const after = await scrape();
    const delta = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(delta('rampart_audit_run_duration_seconds_count{outcome="completed",trigger="manual"}')).toBe(1);
    expect(delta('rampart_discord_rate_limited_total{scope="user"}')).toBe(1);
    expect(delta('rampart_discord_rest_calls_total{status="429"}')).toBe(1);
    expect(delta('rampart_discord_rest_calls_total{status="200"}')).toBeGreaterThan(0);
  });

  it('counts an incoming webhook refused for its signature', async () => {
    const series = 'rampart_webhook_deliveries_total{direction="incoming",provider="stripe",outcome="bad_signature"}';
    const before = valueOf(await scrape(), series);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      payload: JSON.stringify({ id: 'evt_forged', type: 'customer.created' }),
    });
    expect(response.statusCode).toBe(400);
    expect(valueOf(await scrape(), series)).toBe(before + 1);
  });

  it('gauges the real-time connections open on the instance', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const open = valueOf(await scrape(), 'rampart_realtime_connections');
    const socket = await connectSocket(address, eddie);
    expect(valueOf(await scrape(), 'rampart_realtime_connections')).toBe(open + 1);
    socket.disconnect();
    await expect
      .poll(async () => valueOf(await scrape(), 'rampart_realtime_connections'), { timeout: 5000 })
      .toBe(open);
  });
});
