import { and, eq } from 'drizzle-orm';
import type { CheckStatus, Severity } from '../../../shared/audit-contract.js';
import { ALERTING_SEVERITIES, classifyCheckChange } from '../../../shared/audit-diff-rules.js';
import { statusOfRecord } from '../../../shared/certification.js';
import { auditChangesPath, DEFAULT_SCORE_DROP_THRESHOLD, nextScheduledRun } from '../../../shared/monitoring-rules.js';
import type { Database } from '../../db/client.js';
import type { AuditRow } from '../../db/rows.js';
import { checkResults } from '../../db/schema.js';
import { type DriftChange, driftAlerts, monitoringSettings } from '../../db/schema-monitoring.js';
import { usersOfServer } from '../audits/access.js';
import { previousCompletedAudit } from '../audits/diff-service.js';
import { recordNotifications, type StoredNotification } from '../notifications/notify.js';
import { driftSentence } from './alert-message.js';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DriftOutcome {
  notifications: StoredNotification[];
  /** The alert raised by this completion whose Discord message is to be delivered after commit. */
  pendingAlertAuditId: string | null;
}

const NO_DRIFT: DriftOutcome = { notifications: [], pendingAlertAuditId: null };

/**
 * Monitoring's part of an audit's completion, in its transaction: any completed audit shows the bot is
 * back (a pause for `bot_left` ends and the next slot is booked); a scheduled one is compared with the
 * server's previous completed audit and raises at most one drift alert (its primary key is the audit).
 */
export async function recordCompletionDrift(
  tx: Transaction,
  audit: AuditRow,
  serverName: string,
  now: Date,
): Promise<DriftOutcome> {
  // A plain read and a conditional update, no lock: the scheduler holds the row of a due server while it
  // inserts an audit, which waits on this transaction's audit row, so locking it here could deadlock.
  const [settings] = await tx.select().from(monitoringSettings).where(eq(monitoringSettings.serverId, audit.serverId));
  if (settings?.pausedReason === 'bot_left') {
    await tx
      .update(monitoringSettings)
      .set({
        pausedReason: null,
        pausedAt: null,
        nextRunAt: settings.enabled ? nextScheduledRun(audit.serverId, settings.cadence, now) : null,
        updatedAt: now,
      })
      .where(and(eq(monitoringSettings.serverId, audit.serverId), eq(monitoringSettings.pausedReason, 'bot_left')));
  }
  if (audit.trigger !== 'scheduled' || audit.riskScore === null) return NO_DRIFT;

  const previous = await previousCompletedAudit(tx, audit);
  if (previous?.riskScore == null) return NO_DRIFT;

  const newFailures = await newAlertingFailures(tx, previous.id, audit.id);
  const threshold = settings?.scoreDropThreshold ?? DEFAULT_SCORE_DROP_THRESHOLD;
  const dropped = previous.riskScore - audit.riskScore >= threshold;
  if (!dropped && newFailures.length === 0) return NO_DRIFT;

  const webhookStatus = settings?.alertWebhookEnc == null ? 'none' : 'pending';
  const [alert] = await tx
    .insert(driftAlerts)
    .values({
      auditId: audit.id,
      serverId: audit.serverId,
      previousAuditId: previous.id,
      previousScore: previous.riskScore,
      score: audit.riskScore,
      newFailures,
      webhookStatus,
    })
    .onConflictDoNothing()
    .returning();
  if (alert === undefined) return NO_DRIFT;

  const sentence = driftSentence({
    serverId: audit.serverId,
    serverName,
    auditId: audit.id,
    previousScore: previous.riskScore,
    score: audit.riskScore,
    newFailures,
  });
  const notifications = await recordNotifications(tx, await usersOfServer(tx, audit.serverId), {
    type: 'SYSTEM_UPDATE',
    title: 'Security Drift',
    message: `${serverName}: ${sentence}`,
    actionUrl: auditChangesPath(audit.serverId, audit.id),
  });
  return { notifications, pendingAlertAuditId: webhookStatus === 'pending' ? audit.id : null };
}

/** CRITICAL and HIGH checks failing (by status of record) in `afterId` that did not fail in `beforeId`. */
async function newAlertingFailures(tx: Transaction, beforeId: string, afterId: string): Promise<DriftChange[]> {
  const columns = {
    auditId: checkResults.auditId,
    checkId: checkResults.checkId,
    checkName: checkResults.checkName,
    severity: checkResults.severity,
    status: checkResults.status,
    engineStatus: checkResults.engineStatus,
    overrideKind: checkResults.overrideKind,
    position: checkResults.position,
  };
  const checksOf = (auditId: string) =>
    tx.select(columns).from(checkResults).where(eq(checkResults.auditId, auditId)).orderBy(checkResults.position);
  const before = await checksOf(beforeId);
  const after = await checksOf(afterId);
  const earlier = new Map<string, CheckStatus>(before.map((check) => [check.checkId, statusOfRecord(check)]));
  return after
    .filter(
      (check) =>
        ALERTING_SEVERITIES.includes(check.severity as Severity) &&
        classifyCheckChange(earlier.get(check.checkId) ?? null, statusOfRecord(check), false) === 'newFailures',
    )
    .map((check) => ({ checkId: check.checkId, checkName: check.checkName, severity: check.severity }));
}
