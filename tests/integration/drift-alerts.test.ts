import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/server/db/schema-evidence.js';
import { driftAlerts, monitoringSettings } from '../../src/server/db/schema-monitoring.js';
import { audits } from '../../src/server/db/schema.js';
import { recordCompletionDrift } from '../../src/server/modules/monitoring/drift.js';
import type { Audit } from '../../src/shared/contracts/audits.js';
import type { DriftAlert } from '../../src/shared/contracts/monitoring.js';
import { auditChangesPath } from '../../src/shared/monitoring-rules.js';
import { GuildVerificationLevel } from 'discord-api-types/v10';
import { plant } from '../../src/simulators/discord/control-routes.js';
import { removeWebhook, setVerificationLevel } from '../../src/simulators/discord/guild-mutations.js';
import { PATCH_NOTES_WEBHOOK_ID } from '../../src/simulators/discord/fixtures/index.js';
import type { SimulatedGuild } from '../../src/simulators/discord/simulated-guild.js';
import { GUILDS, grantEntitlement, serverId, startAudit, waitForAudit } from '../helpers/audits.js';
import {
  auditsOf,
  DEMO_WEBHOOK_URL,
  enableMonitoring,
  manualClock,
  subscribeToMonitoring,
  waitForIdle,
} from '../helpers/monitoring.js';
import { createTestApp, DEMO, TEST_PUBLIC_URL, type TestApp } from '../helpers/test-app.js';

const clock = manualClock(new Date('2026-03-02T00:00:00Z'));
let t: TestApp;
let eddie = '';
let citadel = '';
let guild: SimulatedGuild;

beforeAll(async () => {
  t = await createTestApp({ MONITORING_SWEEP_SECONDS: '86400' }, { now: clock.now });
  eddie = await t.signIn(DEMO.eddie);
  await grantEntitlement(t, DEMO.eddie);
  citadel = await serverId(t, eddie, GUILDS.hardened);
  t.simulator.state.addBotToGuild(GUILDS.hardened, 536872096n, DEMO.eddie);
  const found = t.simulator.state.guild(GUILDS.hardened);
  if (found === undefined) throw new Error('no Citadel guild');
  guild = found;
  await subscribeToMonitoring(t, DEMO.eddie, citadel);
  await enableMonitoring(t, eddie, citadel, { cadence: 'daily', webhookUrl: DEMO_WEBHOOK_URL });
});
afterAll(async () => t?.close());

/** Moves the clock to the server's next slot, sweeps, and waits for the scheduled audit to finish. */
async function scheduledAudit() {
  const [settings] = await t.database.db
    .select()
    .from(monitoringSettings)
    .where(eq(monitoringSettings.serverId, citadel));
  clock.set(settings?.nextRunAt ?? clock.now());
  expect(await t.app.monitoringScheduler.runOnce()).toBe(1);
  await waitForIdle(t, citadel);
  const latest = (await auditsOf(t, citadel)).at(-1);
  expect(latest).toMatchObject({ trigger: 'scheduled', status: 'completed' });
  if (latest === undefined) throw new Error('no audit');
  return latest;
}

async function alertsOfServer(): Promise<DriftAlert[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/servers/${citadel}/drift-alerts`,
    headers: { cookie: eddie },
  });
  expect(response.statusCode).toBe(200);
  return response.json<DriftAlert[]>();
}

async function driftNotices() {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.type, 'SYSTEM_UPDATE'), eq(notifications.title, 'Security Drift')));
}

async function webhookMessagesEventually(count: number) {
  const deadline = Date.now() + 10_000;
  while (t.simulator.state.webhookMessages.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return t.simulator.state.webhookMessages;
}

function removeRole(roleId: string) {
  guild.replaceFixture((fixture) => ({
    ...fixture,
    roles: fixture.roles.filter((role) => role.id !== roleId),
    members: fixture.members.map((member) => ({ ...member, roles: member.roles.filter((id) => id !== roleId) })),
  }));
}

let regressionAuditId = '';

describe('drift alerts', () => {
  it('raises none on the first audit of the server', async () => {
    await scheduledAudit();
    expect(await alertsOfServer()).toEqual([]);
    expect(await driftNotices()).toHaveLength(0);
  });

  it('raises one alert, one notification and one well-formed Discord message for a planted regression', async () => {
    expect(plant(guild, 'add-admin-role', clock.now().getTime())).toContain('Administrator');
    expect(plant(guild, 'lower-verification-level')).toContain('None');
    const audit = await scheduledAudit();
    regressionAuditId = audit.id;

    const [alert, ...others] = await alertsOfServer();
    expect(others).toEqual([]);
    expect(alert).toMatchObject({ auditId: audit.id, score: audit.riskScore });
    expect(alert?.newFailures).toContainEqual(
      expect.objectContaining({ checkId: 'PRIVILEGED_PERMISSIONS', severity: 'HIGH' }),
    );
    expect(alert?.newFailures.map((check) => check.severity)).not.toContain('MEDIUM');
    expect(alert?.score).toBeLessThan(alert?.previousScore ?? 0);

    const notices = await driftNotices();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.actionUrl).toBe(auditChangesPath(citadel, audit.id));
    expect(notices[0]?.message).toContain(`Security score fell from ${alert?.previousScore} to ${alert?.score}`);
    expect(notices[0]?.message).toContain('newly failing:');
    expect(notices[0]?.message).toContain(`${alert?.newFailures[0]?.checkName} (${alert?.newFailures[0]?.severity})`);

    const messages = await webhookMessagesEventually(1);
    expect(messages).toHaveLength(1);
    const [received] = messages;
    expect(received?.channelId).toBeTruthy();
    const body = received?.body as {
      content: string;
      embeds: { title: string; description: string; url: string; color: number; timestamp: string }[];
      allowed_mentions: { parse: string[] };
    };
    expect(body.content.length).toBeGreaterThan(0);
    expect(body.content.length).toBeLessThanOrEqual(2000);
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.embeds).toHaveLength(1);
    const [embed] = body.embeds;
    expect(embed?.url).toBe(`${TEST_PUBLIC_URL}${auditChangesPath(citadel, audit.id)}`);
    expect(embed?.description).toContain('newly failing:');
    expect(typeof embed?.color).toBe('number');
    expect(new Date(embed?.timestamp ?? '').toISOString()).toBe(embed?.timestamp);
    await expect.poll(async () => (await alertsOfServer())[0]?.webhookStatus).toBe('sent');
  });

  it('never doubles an alert when the completion is recorded twice', async () => {
    const [audit] = await t.database.db.select().from(audits).where(eq(audits.id, regressionAuditId));
    if (audit === undefined) throw new Error('no regression audit');
    for (let round = 0; round < 2; round += 1) {
      const outcome = await t.database.db.transaction((tx) =>
        recordCompletionDrift(tx, audit, 'Citadel Security Lab', clock.now()),
      );
      expect(outcome).toEqual({ notifications: [], pendingAlertAuditId: null });
    }
    expect(await t.database.db.select().from(driftAlerts)).toHaveLength(1);
    expect(await driftNotices()).toHaveLength(1);
  });

  it('raises none for an improvement', async () => {
    const planted = guild.roles.find((role) => role.name === 'Drift Admin');
    if (planted === undefined) throw new Error('no planted role');
    removeRole(planted.id);
    setVerificationLevel(guild, GuildVerificationLevel.High);
    const audit = await scheduledAudit();
    expect(audit.riskScore).toBeGreaterThan(0);
    expect(await alertsOfServer()).toHaveLength(1);
    expect(await driftNotices()).toHaveLength(1);
  });

  it('raises none for a manual audit, even of a regression', async () => {
    plant(guild, 'add-admin-role', clock.now().getTime());
    const manual = await waitForAudit(t, eddie, (await startAudit(t, eddie, citadel)).json<Audit>().id);
    expect(manual.status).toBe('completed');
    expect(await alertsOfServer()).toHaveLength(1);
    expect(await driftNotices()).toHaveLength(1);
    expect(t.simulator.state.webhookMessages).toHaveLength(1);
  });

  it('retries a pending Discord message from the sweep, and gives up on a webhook deleted in Discord', async () => {
    const makePending = () =>
      t.database.db
        .update(driftAlerts)
        .set({ webhookStatus: 'pending', webhookAttempts: 1, createdAt: new Date(Date.now() - 2 * 60 * 1000) })
        .where(eq(driftAlerts.auditId, regressionAuditId));
    await makePending();
    const before = t.simulator.state.webhookMessages.length;
    await t.app.monitoringScheduler.runOnce();
    expect(t.simulator.state.webhookMessages).toHaveLength(before + 1);
    const [sent] = await t.database.db.select().from(driftAlerts).where(eq(driftAlerts.auditId, regressionAuditId));
    expect(sent).toMatchObject({ webhookStatus: 'sent', webhookAttempts: 2 });

    const pixel = t.simulator.state.guild(GUILDS.typical);
    if (pixel === undefined) throw new Error('no Pixel Plaza');
    expect(removeWebhook(pixel, PATCH_NOTES_WEBHOOK_ID)).toBe(true);
    await makePending();
    await t.app.monitoringScheduler.runOnce();
    const [failed] = await t.database.db.select().from(driftAlerts).where(eq(driftAlerts.auditId, regressionAuditId));
    expect(failed).toMatchObject({ webhookStatus: 'failed', webhookAttempts: 2 });
    expect(failed?.webhookLastError).toContain('deleted in Discord');
    expect(t.simulator.state.webhookMessages).toHaveLength(before + 1);
  });
});
