import { desc, eq } from 'drizzle-orm';
import type { DriftAlert, MonitoringSettings } from '../../../shared/contracts/monitoring.js';
import type { CheckId, Severity } from '../../../shared/audit-contract.js';
import type { TokenSealer } from '../../crypto.js';
import type { Database } from '../../db/client.js';
import { driftAlerts, monitoringSettings } from '../../db/schema-monitoring.js';
import { AppError } from '../../errors.js';
import type { Metrics } from '../../metrics/metrics.js';
import type { DiscordWebhookClient } from '../../integrations/discord/webhook-client.js';
import { WebhookDeliveryError } from '../../integrations/discord/webhook-client.js';
import { findAccessibleServer } from '../audits/access.js';
import type { Caller } from '../auth/caller.js';
import { recordStaffAction } from '../staff-actions/record.js';
import {
  changedSettings,
  hasMonitoringSubscription,
  lockSettings,
  readSettings,
  type SettingsChange,
  toMonitoringSettings,
} from './settings.js';
import { testAlertMessage } from './alert-message.js';

export interface MonitoringDeps {
  db: Database;
  sealer: TokenSealer;
  webhooks: DiscordWebhookClient;
  metrics: Pick<Metrics, 'webhookDeliveries'>;
  publicUrl: string;
  now(): Date;
}

export const NOT_ELIGIBLE_MESSAGE =
  'Monitoring needs an active monitoring subscription on this server (or Rampart staff switching it on).';

export async function getMonitoring(deps: MonitoringDeps, caller: Caller, serverId: string) {
  const server = await findAccessibleServer(deps.db, caller, serverId);
  const [row, subscription] = await Promise.all([
    readSettings(deps.db, server.id),
    hasMonitoringSubscription(deps.db, server.id),
  ]);
  return toMonitoringSettings(server.id, row, subscription);
}

export async function updateMonitoring(
  deps: MonitoringDeps,
  caller: Caller,
  serverId: string,
  change: SettingsChange,
): Promise<MonitoringSettings> {
  const server = await findAccessibleServer(deps.db, caller, serverId);
  return deps.db.transaction(async (tx) => {
    const row = await lockSettings(tx, server.id);
    const subscription = await hasMonitoringSubscription(tx, server.id);
    if (change.enabled === true && !subscription && !row.staffEnabled) {
      throw new AppError('FORBIDDEN', NOT_ELIGIBLE_MESSAGE);
    }
    const values = changedSettings(row, change, (plain) => deps.sealer.seal(plain), deps.now());
    const [updated] = await tx
      .update(monitoringSettings)
      .set({ ...values, updatedByUserId: caller.user.id })
      .where(eq(monitoringSettings.serverId, server.id))
      .returning();
    return toMonitoringSettings(server.id, updated, subscription);
  });
}

export async function setStaffMonitoring(
  deps: MonitoringDeps,
  caller: Caller,
  serverId: string,
  staffEnabled: boolean,
): Promise<MonitoringSettings> {
  const server = await findAccessibleServer(deps.db, caller, serverId);
  return deps.db.transaction(async (tx) => {
    const row = await lockSettings(tx, server.id);
    const [updated] = await tx
      .update(monitoringSettings)
      .set({ staffEnabled, updatedAt: deps.now() })
      .where(eq(monitoringSettings.serverId, server.id))
      .returning();
    if (row.staffEnabled !== staffEnabled) {
      await recordStaffAction(tx, {
        actor: caller.user,
        action: staffEnabled ? 'monitoring.enable' : 'monitoring.disable',
        targetType: 'server',
        targetId: server.id,
        summary: `${staffEnabled ? 'Switched on' : 'Switched off'} monitoring for ${server.name} without a subscription.`,
        before: { staffEnabled: row.staffEnabled },
        after: { staffEnabled },
      });
    }
    return toMonitoringSettings(server.id, updated, await hasMonitoringSubscription(tx, server.id));
  });
}

export async function listDriftAlerts(deps: MonitoringDeps, caller: Caller, serverId: string): Promise<DriftAlert[]> {
  const server = await findAccessibleServer(deps.db, caller, serverId);
  const rows = await deps.db
    .select()
    .from(driftAlerts)
    .where(eq(driftAlerts.serverId, server.id))
    .orderBy(desc(driftAlerts.createdAt), desc(driftAlerts.auditId))
    .limit(100);
  return rows.map((row) => ({
    auditId: row.auditId,
    previousAuditId: row.previousAuditId,
    previousScore: row.previousScore,
    score: row.score,
    newFailures: row.newFailures.map((failure) => ({
      checkId: failure.checkId as CheckId,
      checkName: failure.checkName,
      severity: failure.severity as Severity,
    })),
    webhookStatus: row.webhookStatus,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Posts a test message to the stored webhook; Discord's refusal becomes a 502 the owner can act on. */
export async function sendTestAlert(deps: MonitoringDeps, caller: Caller, serverId: string) {
  const server = await findAccessibleServer(deps.db, caller, serverId);
  const row = await readSettings(deps.db, server.id);
  const url = row?.alertWebhookEnc == null ? null : deps.sealer.open(row.alertWebhookEnc);
  if (url === null) {
    throw new AppError('CONFLICT', 'No Discord webhook is stored for this server: paste its URL first.');
  }
  try {
    await deps.webhooks.execute(url, testAlertMessage(server.name, deps.publicUrl, deps.now()));
    deps.metrics.webhookDeliveries.inc({ direction: 'outgoing', provider: 'discord', outcome: 'sent' });
  } catch (error) {
    deps.metrics.webhookDeliveries.inc({ direction: 'outgoing', provider: 'discord', outcome: 'failed' });
    if (error instanceof WebhookDeliveryError) throw new AppError('UPSTREAM_UNAVAILABLE', error.message);
    throw error;
  }
  return { delivered: true as const };
}
