import { and, eq } from 'drizzle-orm';
import type { MonitoringSettings } from '../../../shared/contracts/monitoring.js';
import {
  DEFAULT_SCORE_DROP_THRESHOLD,
  nextScheduledRun,
  parseDiscordWebhookUrl,
  webhookHint,
} from '../../../shared/monitoring-rules.js';
import type { Database } from '../../db/client.js';
import { cryptoSubscriptions } from '../../db/schema-commerce.js';
import { monitoringSettings } from '../../db/schema-monitoring.js';

export type MonitoringRow = typeof monitoringSettings.$inferSelect;
type Reader = Pick<Database, 'select'>;
type Writer = Pick<Database, 'select' | 'insert' | 'update'>;

/** Whether the server has an active monitoring subscription (its crypto subscription is paid up). */
export async function hasMonitoringSubscription(db: Reader, serverId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: cryptoSubscriptions.id })
    .from(cryptoSubscriptions)
    .where(and(eq(cryptoSubscriptions.serverId, serverId), eq(cryptoSubscriptions.isActive, true)))
    .limit(1);
  return row !== undefined;
}

/** The server's settings row, created with the defaults and locked for the rest of the transaction. */
export async function lockSettings(tx: Writer, serverId: string): Promise<MonitoringRow> {
  await tx.insert(monitoringSettings).values({ serverId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(monitoringSettings)
    .where(eq(monitoringSettings.serverId, serverId))
    .for('update');
  if (row === undefined) throw new Error(`monitoring settings of ${serverId} vanished`);
  return row;
}

export async function readSettings(db: Reader, serverId: string): Promise<MonitoringRow | undefined> {
  const [row] = await db.select().from(monitoringSettings).where(eq(monitoringSettings.serverId, serverId));
  return row;
}

/** What a server that never touched monitoring has: the table's defaults. */
function defaultRow(serverId: string): MonitoringRow {
  return {
    serverId,
    enabled: false,
    staffEnabled: false,
    cadence: 'weekly',
    scoreDropThreshold: DEFAULT_SCORE_DROP_THRESHOLD,
    nextRunAt: null,
    lastScheduledAt: null,
    pausedReason: null,
    pausedAt: null,
    alertWebhookEnc: null,
    alertWebhookHint: null,
    updatedByUserId: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  };
}

export function toMonitoringSettings(
  serverId: string,
  row: MonitoringRow | undefined,
  subscription: boolean,
): MonitoringSettings {
  const settings = row ?? defaultRow(serverId);
  const eligible = subscription || settings.staffEnabled;
  return {
    serverId,
    enabled: settings.enabled,
    active: settings.enabled && eligible && settings.pausedReason === null,
    eligibility: { subscription, staff: settings.staffEnabled },
    cadence: settings.cadence,
    scoreDropThreshold: settings.scoreDropThreshold,
    nextRunAt: settings.nextRunAt?.toISOString() ?? null,
    lastScheduledAt: settings.lastScheduledAt?.toISOString() ?? null,
    pausedReason: settings.pausedReason,
    pausedAt: settings.pausedAt?.toISOString() ?? null,
    webhook: { configured: settings.alertWebhookEnc !== null, hint: settings.alertWebhookHint },
  };
}

export interface SettingsChange {
  enabled?: boolean | undefined;
  cadence?: MonitoringRow['cadence'] | undefined;
  scoreDropThreshold?: number | undefined;
  webhookUrl?: string | null | undefined;
}

/**
 * The row after an owner's change. Switching on (again) clears a pause and books the next slot of the
 * cadence; a new cadence books a slot of the new cadence; switching off clears the slot and the pause.
 */
export function changedSettings(
  row: MonitoringRow,
  change: SettingsChange,
  seal: (plain: string) => string,
  now: Date,
): Partial<MonitoringRow> {
  const enabled = change.enabled ?? row.enabled;
  const cadence = change.cadence ?? row.cadence;
  const reEnabled = change.enabled === true && (!row.enabled || row.pausedReason !== null);
  const paused = reEnabled ? false : row.pausedReason !== null;
  const rebook = enabled && !paused && (reEnabled || cadence !== row.cadence || row.nextRunAt === null);
  const schedule = !enabled
    ? { nextRunAt: null, pausedReason: null, pausedAt: null }
    : rebook
      ? { nextRunAt: nextScheduledRun(row.serverId, cadence, now), pausedReason: null, pausedAt: null }
      : {};
  return {
    enabled,
    cadence,
    ...schedule,
    ...(change.scoreDropThreshold === undefined ? {} : { scoreDropThreshold: change.scoreDropThreshold }),
    ...webhookChange(change.webhookUrl, seal),
    updatedAt: now,
  };
}

function webhookChange(url: string | null | undefined, seal: (plain: string) => string): Partial<MonitoringRow> {
  if (url === undefined) return {};
  if (url === null) return { alertWebhookEnc: null, alertWebhookHint: null };
  const ref = parseDiscordWebhookUrl(url);
  if (ref === null) return {};
  return { alertWebhookEnc: seal(url.trim()), alertWebhookHint: webhookHint(ref) };
}
