import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { cryptoSubscriptions } from '../../src/server/db/schema-commerce.js';
import { notifications } from '../../src/server/db/schema-evidence.js';
import { monitoringSettings } from '../../src/server/db/schema-monitoring.js';
import { audits } from '../../src/server/db/schema.js';
import { BOT_NOT_IN_SERVER_REASON } from '../../src/server/modules/audits/runner.js';
import { BUSY_RETRY_MS } from '../../src/server/modules/monitoring/scheduler.js';
import type { Audit, AuditUsage } from '../../src/shared/contracts/audits.js';
import { CADENCE_MS, nextScheduledRun } from '../../src/shared/monitoring-rules.js';
import { GUILDS, grantEntitlement, serverId, startAudit, waitForAudit } from '../helpers/audits.js';
import {
  auditsOf,
  enableMonitoring,
  manualClock,
  putMonitoring,
  subscribeToMonitoring,
  waitForIdle,
} from '../helpers/monitoring.js';
import { createTestApp, DEMO, type TestApp } from '../helpers/test-app.js';

const clock = manualClock(new Date('2026-03-02T00:00:00Z'));
let t: TestApp;
let olivia = '';
let pixelPlaza = '';

beforeAll(async () => {
  // The background sweep stays out of the way: each test sweeps by hand after moving the clock.
  t = await createTestApp({ MONITORING_SWEEP_SECONDS: '86400' }, { now: clock.now });
  olivia = await t.signIn(DEMO.olivia);
  await grantEntitlement(t, DEMO.olivia);
  pixelPlaza = await serverId(t, olivia, GUILDS.typical);
  await subscribeToMonitoring(t, DEMO.olivia, pixelPlaza);
});
afterAll(async () => t?.close());

beforeEach(async () => {
  await waitForIdle(t, pixelPlaza);
});

async function settings() {
  const [row] = await t.database.db
    .select()
    .from(monitoringSettings)
    .where(eq(monitoringSettings.serverId, pixelPlaza));
  if (row === undefined) throw new Error('no monitoring settings');
  return row;
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

async function scheduledAudits() {
  return (await auditsOf(t, pixelPlaza)).filter((audit) => audit.trigger === 'scheduled');
}

async function usage(): Promise<AuditUsage> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/servers/${pixelPlaza}/audit-usage`,
    headers: { cookie: olivia },
  });
  return response.json<AuditUsage>();
}

describe('the monitoring scheduler', () => {
  it('queues one scheduled audit in each daily slot, never before it, and counts none against the quota', async () => {
    const enabled = await enableMonitoring(t, olivia, pixelPlaza, { cadence: 'daily' });
    const slot = nextScheduledRun(pixelPlaza, 'daily', clock.now());
    expect(enabled).toMatchObject({ active: true, cadence: 'daily', nextRunAt: slot.toISOString() });
    const quotaBefore = await usage();

    clock.set(new Date(slot.getTime() - 1000));
    expect(await t.app.monitoringScheduler.runOnce()).toBe(0);
    expect(await scheduledAudits()).toHaveLength(0);

    clock.set(slot);
    expect(await t.app.monitoringScheduler.runOnce()).toBe(1);
    expect(await t.app.monitoringScheduler.runOnce()).toBe(0);
    const [queued] = await scheduledAudits();
    expect(queued).toMatchObject({ trigger: 'scheduled', requestedByUserId: null });
    const after = await settings();
    expect(after.nextRunAt).toEqual(new Date(slot.getTime() + CADENCE_MS.daily));
    expect(after.lastScheduledAt).toEqual(slot);

    await waitForIdle(t, pixelPlaza);
    expect((await scheduledAudits())[0]?.status).toBe('completed');
    expect(await usage()).toEqual(quotaBefore);
  });

  it('books weekly slots after a change of cadence, and queues one audit for a server far behind', async () => {
    const weekly = await enableMonitoring(t, olivia, pixelPlaza, { cadence: 'weekly' });
    const slot = nextScheduledRun(pixelPlaza, 'weekly', clock.now());
    expect(weekly.nextRunAt).toBe(slot.toISOString());
    const before = (await scheduledAudits()).length;

    clock.set(new Date(slot.getTime() + 10 * CADENCE_MS.weekly + 1));
    expect(await t.app.monitoringScheduler.runOnce()).toBe(1);
    expect(await scheduledAudits()).toHaveLength(before + 1);
    expect((await settings()).nextRunAt).toEqual(nextScheduledRun(pixelPlaza, 'weekly', clock.now()));
  });

  it('queues exactly one audit when two instances sweep the same slot at once', async () => {
    const second = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      runAuditWorker: false,
      now: clock.now,
    });
    try {
      clock.set((await settings()).nextRunAt ?? new Date());
      const before = (await scheduledAudits()).length;
      const swept = await Promise.all([t.app.monitoringScheduler.runOnce(), second.monitoringScheduler.runOnce()]);
      expect(swept.sort()).toEqual([0, 1]);
      expect(await scheduledAudits()).toHaveLength(before + 1);
    } finally {
      await second.close();
    }
  });

  it('does not queue while an audit of the server runs, and tries again later', async () => {
    const [running] = await t.database.db
      .insert(audits)
      .values({
        serverId: pixelPlaza,
        status: 'running',
        trigger: 'manual',
        leaseExpiresAt: new Date(Date.now() + 60 * 60 * 1000),
        leaseHolder: 'another-instance',
      })
      .returning();
    try {
      const due = (await settings()).nextRunAt ?? new Date();
      clock.set(due);
      const before = (await scheduledAudits()).length;
      expect(await t.app.monitoringScheduler.runOnce()).toBe(0);
      expect(await scheduledAudits()).toHaveLength(before);
      expect((await settings()).nextRunAt).toEqual(new Date(due.getTime() + BUSY_RETRY_MS));
    } finally {
      await t.database.db
        .update(audits)
        .set({ status: 'failed', failureReason: 'test', leaseExpiresAt: null, leaseHolder: null })
        .where(eq(audits.id, running?.id ?? ''));
    }
  });

  it('pauses when the bot left, tells the owner once however often it sweeps, and resumes when the bot is back', async () => {
    t.simulator.state.removeBotFromGuild(GUILDS.typical);
    clock.set((await settings()).nextRunAt ?? new Date());
    expect(await t.app.monitoringScheduler.runOnce()).toBe(1);
    await waitForIdle(t, pixelPlaza);
    const failed = (await scheduledAudits()).at(-1);
    expect(failed).toMatchObject({ status: 'failed', failureReason: BOT_NOT_IN_SERVER_REASON });

    // The pause is stored right after the failure, by the worker that ran the audit.
    const paused = await eventually(settings, (row) => row.pausedReason !== null);
    expect(paused).toMatchObject({ pausedReason: 'bot_left', nextRunAt: null, enabled: true });
    const count = (await scheduledAudits()).length;
    for (let day = 0; day < 3; day += 1) {
      clock.advance(CADENCE_MS.weekly);
      expect(await t.app.monitoringScheduler.runOnce()).toBe(0);
    }
    expect(await scheduledAudits()).toHaveLength(count);
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'SYSTEM_UPDATE'), eq(notifications.title, 'Monitoring Paused')));
    expect(notices).toHaveLength(1);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/servers/${pixelPlaza}/monitoring`,
      headers: { cookie: olivia },
    });
    expect(view.json()).toMatchObject({ active: false, pausedReason: 'bot_left', nextRunAt: null });

    t.simulator.state.addBotToGuild(GUILDS.typical, 536872096n, DEMO.olivia);
    const manual = await waitForAudit(t, olivia, (await startAudit(t, olivia, pixelPlaza)).json<Audit>().id);
    expect(manual.status).toBe('completed');
    const resumed = await settings();
    expect(resumed).toMatchObject({ pausedReason: null, pausedAt: null });
    expect(resumed.nextRunAt).toEqual(nextScheduledRun(pixelPlaza, 'weekly', clock.now()));
  });

  it('skips the slot of a server whose subscription lapsed, keeping its settings for a renewal', async () => {
    const response = await putMonitoring(t, olivia, pixelPlaza, { cadence: 'daily' });
    expect(response.statusCode).toBe(200);
    await t.database.db
      .update(cryptoSubscriptions)
      .set({ isActive: false })
      .where(eq(cryptoSubscriptions.serverId, pixelPlaza));
    try {
      clock.set((await settings()).nextRunAt ?? new Date());
      const before = (await scheduledAudits()).length;
      expect(await t.app.monitoringScheduler.runOnce()).toBe(0);
      expect(await scheduledAudits()).toHaveLength(before);
      expect(await settings()).toMatchObject({
        enabled: true,
        nextRunAt: nextScheduledRun(pixelPlaza, 'daily', clock.now()),
      });
    } finally {
      await t.database.db
        .update(cryptoSubscriptions)
        .set({ isActive: true })
        .where(eq(cryptoSubscriptions.serverId, pixelPlaza));
    }
  });
});
