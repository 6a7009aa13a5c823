import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitoringSettings } from '../../src/server/db/schema-monitoring.js';
import { staffActions } from '../../src/server/db/schema-staff.js';
import type { MonitoringSettings } from '../../src/shared/contracts/monitoring.js';
import { nextScheduledRun } from '../../src/shared/monitoring-rules.js';
import { PATCH_NOTES_WEBHOOK_ID, simulatedWebhookToken } from '../../src/simulators/discord/fixtures/index.js';
import { removeWebhook } from '../../src/simulators/discord/guild-mutations.js';
import { GUILDS, serverId } from '../helpers/audits.js';
import { DEMO_WEBHOOK_URL, manualClock, putMonitoring, subscribeToMonitoring } from '../helpers/monitoring.js';
import { createTestApp, DEMO, sameOrigin, type TestApp } from '../helpers/test-app.js';

const clock = manualClock(new Date('2026-03-02T09:30:00Z'));
let t: TestApp;
const c = { olivia: '', eddie: '', ada: '' };
let pixelPlaza = '';
let studyHall = '';
let citadel = '';

beforeAll(async () => {
  t = await createTestApp({ MONITORING_SWEEP_SECONDS: '86400' }, { now: clock.now });
  for (const name of Object.keys(c) as (keyof typeof c)[]) c[name] = await t.signIn(DEMO[name]);
  pixelPlaza = await serverId(t, c.olivia, GUILDS.typical);
  studyHall = await serverId(t, c.eddie, GUILDS.studyHall);
  citadel = await serverId(t, c.eddie, GUILDS.hardened);
  await subscribeToMonitoring(t, DEMO.olivia, pixelPlaza);
});
afterAll(async () => t?.close());

const get = (path: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: path, headers: cookie === undefined ? {} : { cookie } });
const testAlert = (id: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/servers/${id}/monitoring/test-alert`, headers: sameOrigin(cookie) });
const staffSwitch = (id: string, body: object, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/servers/${id}/monitoring`,
    headers: sameOrigin(cookie),
    payload: body,
  });

describe('GET /api/servers/{id}/monitoring', () => {
  it('shows the defaults and the subscription to the owner side', async () => {
    const response = await get(`/api/servers/${pixelPlaza}/monitoring`, c.olivia);
    expect(response.statusCode).toBe(200);
    expect(response.json<MonitoringSettings>()).toEqual({
      serverId: pixelPlaza,
      enabled: false,
      active: false,
      eligibility: { subscription: true, staff: false },
      cadence: 'weekly',
      scoreDropThreshold: 5,
      nextRunAt: null,
      lastScheduledAt: null,
      pausedReason: null,
      pausedAt: null,
      webhook: { configured: false, hint: null },
    });
  });

  it('refuses a malformed id, another owner (404) and a visitor (401)', async () => {
    expect((await get('/api/servers/not-a-uuid/monitoring', c.olivia)).statusCode).toBe(400);
    const other = await get(`/api/servers/${pixelPlaza}/monitoring`, c.eddie);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Pixel Plaza');
    expect((await get(`/api/servers/${pixelPlaza}/monitoring`)).statusCode).toBe(401);
  });
});

describe('PUT /api/servers/{id}/monitoring', () => {
  it('switches monitoring on with a cadence and books its slot; off clears it', async () => {
    const on = await putMonitoring(t, c.olivia, pixelPlaza, {
      enabled: true,
      cadence: 'daily',
      scoreDropThreshold: 10,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json<MonitoringSettings>()).toMatchObject({
      enabled: true,
      active: true,
      cadence: 'daily',
      scoreDropThreshold: 10,
      nextRunAt: nextScheduledRun(pixelPlaza, 'daily', clock.now()).toISOString(),
    });
    const weekly = await putMonitoring(t, c.olivia, pixelPlaza, { cadence: 'weekly' });
    expect(weekly.json<MonitoringSettings>().nextRunAt).toBe(
      nextScheduledRun(pixelPlaza, 'weekly', clock.now()).toISOString(),
    );
    const off = await putMonitoring(t, c.olivia, pixelPlaza, { enabled: false });
    expect(off.json<MonitoringSettings>()).toMatchObject({ enabled: false, active: false, nextRunAt: null });
  });

  it('refuses to switch on without a subscription or staff (403), but stores other settings', async () => {
    const refused = await putMonitoring(t, c.eddie, studyHall, { enabled: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: { code: 'FORBIDDEN', message: expect.stringContaining('needs an active monitoring subscription') },
    });
    const threshold = await putMonitoring(t, c.eddie, studyHall, { scoreDropThreshold: 20 });
    expect(threshold.json<MonitoringSettings>()).toMatchObject({ enabled: false, scoreDropThreshold: 20 });
  });

  it('stores the webhook sealed and shows only its hint; null removes it', async () => {
    const stored = await putMonitoring(t, c.olivia, pixelPlaza, { webhookUrl: DEMO_WEBHOOK_URL });
    expect(stored.statusCode).toBe(200);
    const token = simulatedWebhookToken(PATCH_NOTES_WEBHOOK_ID);
    expect(stored.json<MonitoringSettings>().webhook).toEqual({
      configured: true,
      hint: `https://discord.com/api/webhooks/${PATCH_NOTES_WEBHOOK_ID}/••••${token.slice(-4)}`,
    });
    const read = await get(`/api/servers/${pixelPlaza}/monitoring`, c.olivia);
    for (const response of [stored, read]) {
      expect(response.body).not.toContain(token);
      expect(response.body).not.toContain(DEMO_WEBHOOK_URL);
    }
    const [row] = await t.database.db
      .select()
      .from(monitoringSettings)
      .where(eq(monitoringSettings.serverId, pixelPlaza));
    expect(row?.alertWebhookEnc).toBeTruthy();
    expect(row?.alertWebhookEnc).not.toContain(token);

    const removed = await putMonitoring(t, c.eddie, citadel, { webhookUrl: DEMO_WEBHOOK_URL });
    expect(removed.json<MonitoringSettings>().webhook.configured).toBe(true);
    const cleared = await putMonitoring(t, c.eddie, citadel, { webhookUrl: null });
    expect(cleared.json<MonitoringSettings>().webhook).toEqual({ configured: false, hint: null });
  });

  it.each([
    ['plain http', DEMO_WEBHOOK_URL.replace('https://', 'http://')],
    ['another host', DEMO_WEBHOOK_URL.replace('discord.com', 'discord.com.evil.example')],
    ['a query string', `${DEMO_WEBHOOK_URL}?wait=true`],
    ['a fragment', `${DEMO_WEBHOOK_URL}#x`],
    ['javascript:', 'javascript:alert(1)'],
    ['credentials', DEMO_WEBHOOK_URL.replace('https://', 'https://user:pass@')],
    ['too long', `https://discord.com/api/webhooks/${PATCH_NOTES_WEBHOOK_ID}/${'a'.repeat(300)}`],
    ['not a webhook path', 'https://discord.com/channels/1/2'],
  ])('refuses a webhook URL with %s (400)', async (_label, webhookUrl) => {
    const response = await putMonitoring(t, c.olivia, pixelPlaza, { webhookUrl });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });

  it('refuses bad input, another owner (404) and a visitor (401)', async () => {
    expect((await putMonitoring(t, c.olivia, pixelPlaza, { cadence: 'hourly' })).statusCode).toBe(400);
    expect((await putMonitoring(t, c.olivia, pixelPlaza, { scoreDropThreshold: 0 })).statusCode).toBe(400);
    expect((await putMonitoring(t, c.olivia, pixelPlaza, { enabled: 'yes' })).statusCode).toBe(400);
    expect((await putMonitoring(t, c.olivia, pixelPlaza, { nextRunAt: null })).statusCode).toBe(400);
    expect((await putMonitoring(t, c.eddie, pixelPlaza, { cadence: 'daily' })).statusCode).toBe(404);
    const visitor = await t.app.inject({
      method: 'PUT',
      url: `/api/servers/${pixelPlaza}/monitoring`,
      headers: sameOrigin(),
      payload: { cadence: 'daily' },
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('POST /api/servers/{id}/monitoring/test-alert', () => {
  it('answers 409 while no webhook is stored', async () => {
    const response = await testAlert(studyHall, c.eddie);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'CONFLICT' } });
  });

  it('posts a test message to the stored webhook', async () => {
    await putMonitoring(t, c.olivia, pixelPlaza, { webhookUrl: DEMO_WEBHOOK_URL });
    const before = t.simulator.state.webhookMessages.length;
    const response = await testAlert(pixelPlaza, c.olivia);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ delivered: true });
    const received = t.simulator.state.webhookMessages.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      webhookId: PATCH_NOTES_WEBHOOK_ID,
      body: { allowed_mentions: { parse: [] }, embeds: [expect.objectContaining({ title: 'Test alert' })] },
    });
  });

  it('answers 502 saying the webhook was deleted in Discord when Discord no longer knows it', async () => {
    await putMonitoring(t, c.eddie, citadel, { webhookUrl: DEMO_WEBHOOK_URL });
    const pixel = t.simulator.state.guild(GUILDS.typical);
    if (pixel === undefined) throw new Error('no Pixel Plaza');
    expect(removeWebhook(pixel, PATCH_NOTES_WEBHOOK_ID)).toBe(true);
    const response = await testAlert(citadel, c.eddie);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      error: { code: 'UPSTREAM_UNAVAILABLE', message: expect.stringContaining('deleted in Discord') },
    });
  });

  it('refuses another owner (404), a visitor (401) and a malformed id (400), and limits presses per server', async () => {
    expect((await testAlert(pixelPlaza, c.eddie)).statusCode).toBe(404);
    expect((await testAlert(pixelPlaza)).statusCode).toBe(401);
    expect((await testAlert('not-a-uuid', c.olivia)).statusCode).toBe(400);
    const statuses: number[] = [];
    for (let press = 0; press < 6; press += 1) statuses.push((await testAlert(studyHall, c.eddie)).statusCode);
    expect(statuses).toContain(429);
  });
});

describe('GET /api/servers/{id}/drift-alerts', () => {
  it('lists none for a server without alerts, and refuses others', async () => {
    const response = await get(`/api/servers/${pixelPlaza}/drift-alerts`, c.olivia);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect((await get(`/api/servers/${pixelPlaza}/drift-alerts`, c.eddie)).statusCode).toBe(404);
    expect((await get(`/api/servers/${pixelPlaza}/drift-alerts`)).statusCode).toBe(401);
    expect((await get('/api/servers/not-a-uuid/drift-alerts', c.olivia)).statusCode).toBe(400);
  });
});

describe('PUT /api/admin/servers/{id}/monitoring', () => {
  it('lets staff make a server eligible, recorded in the audit trail, so its owner can switch monitoring on', async () => {
    const response = await staffSwitch(studyHall, { staffEnabled: true }, c.ada);
    expect(response.statusCode).toBe(200);
    expect(response.json<MonitoringSettings>().eligibility).toEqual({ subscription: false, staff: true });
    const trail = await t.database.db.select().from(staffActions).where(eq(staffActions.targetId, studyHall));
    expect(trail).toEqual([expect.objectContaining({ action: 'monitoring.enable', targetType: 'server' })]);

    const on = await putMonitoring(t, c.eddie, studyHall, { enabled: true });
    expect(on.json<MonitoringSettings>()).toMatchObject({ enabled: true, active: true });
    const off = await staffSwitch(studyHall, { staffEnabled: false }, c.ada);
    expect(off.json<MonitoringSettings>()).toMatchObject({ enabled: true, active: false });
  });

  it('refuses owners (403), visitors (401), bad input (400) and unknown servers (404)', async () => {
    expect((await staffSwitch(studyHall, { staffEnabled: true }, c.eddie)).statusCode).toBe(403);
    expect((await staffSwitch(studyHall, { staffEnabled: true })).statusCode).toBe(401);
    expect((await staffSwitch(studyHall, { staffEnabled: 'on' }, c.ada)).statusCode).toBe(400);
    expect((await staffSwitch(studyHall, {}, c.ada)).statusCode).toBe(400);
    const unknown = await staffSwitch('00000000-0000-4000-8000-000000000000', { staffEnabled: true }, c.ada);
    expect(unknown.statusCode).toBe(404);
  });
});
