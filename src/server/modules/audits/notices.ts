import type { AppConfig } from '../../config.js';
import { recordNotifications, staffUserIds, type StoredNotification, type Writer } from '../notifications/notify.js';
import { usersOfServer } from './access.js';

/**
 * The notifications an audit's life creates, stored with the writer (a transaction) that records what they
 * tell of; the caller pushes what they return once it has committed.
 */

const auditUrl = (auditId: string) => `/audits/${auditId}`;

export async function recordAuditQueued(
  tx: Writer,
  audit: { id: string; serverId: string },
  serverName: string,
): Promise<StoredNotification[]> {
  return recordNotifications(tx, await usersOfServer(tx, audit.serverId), {
    type: 'AUDIT_RUN',
    title: 'Audit Started',
    message: `A security audit of ${serverName} is now running. This may take a few minutes.`,
    actionUrl: auditUrl(audit.id),
  });
}

export async function recordAuditCompleted(
  tx: Writer,
  audit: { id: string; serverId: string; riskScore: number | null; failedChecks: number | null },
  serverName: string,
): Promise<StoredNotification[]> {
  return recordNotifications(tx, await usersOfServer(tx, audit.serverId), {
    type: 'AUDIT_COMPLETE',
    title: 'Audit Complete',
    message: `The security audit of ${serverName} is complete: risk score ${audit.riskScore ?? 0}, ${audit.failedChecks ?? 0} failed checks.`,
    actionUrl: auditUrl(audit.id),
  });
}

/** The reason is written for the owner (runner.ts): what went wrong and what to do next. */
export async function recordAuditFailed(
  tx: Writer,
  audit: { id: string; serverId: string; failureReason: string | null },
  serverName: string,
): Promise<StoredNotification[]> {
  return recordNotifications(tx, await usersOfServer(tx, audit.serverId), {
    type: 'SYSTEM_UPDATE',
    title: 'Audit Failed',
    message: `The security audit of ${serverName} could not be completed. ${audit.failureReason ?? 'Please run it again.'}`,
    actionUrl: auditUrl(audit.id),
  });
}

export interface OverrideNotice {
  kind: 'staff' | 'self_attested';
  status: 'PASS' | 'FAIL' | 'WAIVED';
  auditId: string;
  serverId: string;
  serverName: string;
  checkName: string;
}

/**
 * Staff's decision is told to the server's owner side (OVERRIDE_GRANTED); an owner's self-attested claim
 * to staff, who may want to look at it (MANUAL_OVERRIDE). An owner withdrawing a claim tells nobody.
 */
export async function recordOverride(
  tx: Writer,
  config: Pick<AppConfig, 'adminDiscordIds'>,
  notice: OverrideNotice,
): Promise<StoredNotification[]> {
  const actionUrl = auditUrl(notice.auditId);
  if (notice.kind === 'staff') {
    return recordNotifications(tx, await usersOfServer(tx, notice.serverId), {
      type: 'OVERRIDE_GRANTED',
      title: 'Check Overridden',
      message: `Rampart staff set ${notice.checkName} on ${notice.serverName} to ${notice.status}.`,
      actionUrl,
    });
  }
  if (notice.status === 'FAIL') return [];
  return recordNotifications(tx, await staffUserIds(tx, config), {
    type: 'MANUAL_OVERRIDE',
    title: 'Manual Override',
    message: `The owner of ${notice.serverName} self-attested ${notice.checkName} as ${notice.status}.`,
    actionUrl,
  });
}
