import { and, desc, eq } from 'drizzle-orm';
import type { CsuVerificationRow } from '../../../shared/contracts/admin-staff.js';
import type { Audit } from '../../../shared/contracts/audits.js';
import type { Database } from '../../db/client.js';
import { audits, checkResults, servers } from '../../db/schema.js';
import { csuVerifications } from '../../db/schema-staff.js';
import { notFound } from '../../errors.js';
import { usersOfServer } from '../audits/access.js';
import { toAudit } from '../audits/mappers.js';
import { rescoreAudit } from '../audits/rescore.js';
import { recordNotifications, type StoredNotification } from '../notifications/notify.js';
import { recordStaffAction, type StaffActionInput } from '../staff-actions/record.js';
import { csuRowOf } from './rows.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const CSU_CHECK_ID = 'CSU_OWNER_VERIFICATION';
export const DEFAULT_REASONS = {
  verified: 'Rampart staff verified the owner’s cold super user account.',
  denied: 'Rampart staff could not verify the owner’s cold super user account.',
} as const;

export interface CsuDecision {
  actor: StaffActionInput['actor'];
  serverId: string;
  verified: boolean;
  adminNotes: string | null | undefined;
  now: Date;
}

export interface DecidedCsu {
  row: CsuVerificationRow;
  /** The audit whose CSU check the decision set, rescored; null when the server has no completed audit yet. */
  audit: Audit | null;
  /** Stored with the decision: push them now that it has committed. */
  notifications: StoredNotification[];
}

/**
 * The server's latest completed audit, locked as check overrides lock it (check-overrides.ts), so changes to
 * its checks recompute the score one after another; then its CSU check is set as staff's decision and the
 * audit rescored. Answers the check's and the score's values before and after, for the audit trail.
 */
async function applyToLatestAudit(tx: Transaction, decision: CsuDecision, reason: string) {
  const [latest] = await tx
    .select({ id: audits.id, riskScore: audits.riskScore })
    .from(audits)
    .where(and(eq(audits.serverId, decision.serverId), eq(audits.status, 'completed')))
    .orderBy(desc(audits.completedAt), desc(audits.createdAt))
    .limit(1)
    .for('update');
  if (latest === undefined) return null;
  const csuCheck = and(eq(checkResults.auditId, latest.id), eq(checkResults.checkId, CSU_CHECK_ID));
  const [check] = await tx.select({ status: checkResults.status }).from(checkResults).where(csuCheck);
  if (check === undefined) return null;
  const status = decision.verified ? 'PASS' : 'FAIL';
  await tx
    .update(checkResults)
    .set({
      status,
      waiveReason: null,
      overrideKind: 'staff',
      overrideReason: reason,
      overriddenByUserId: decision.actor.id,
      overriddenAt: decision.now,
    })
    .where(csuCheck);
  const rescored = await rescoreAudit(tx, latest.id);
  if (rescored === undefined) throw new Error(`audit ${latest.id} vanished while rescoring`);
  return {
    audit: rescored,
    before: { auditId: latest.id, checkStatus: check.status, riskScore: latest.riskScore },
    after: { auditId: latest.id, checkStatus: status, riskScore: rescored.riskScore },
  };
}

/**
 * Staff verify or deny a server's CSU account: the decision is stored (also when the server has no
 * completed audit yet), the latest completed audit's CSU check passes or fails as a staff decision and is
 * rescored, the owner side is told (CSU_VERIFICATION) and the audit trail records it, in one transaction.
 */
export async function decideCsuVerification(db: Database, decision: CsuDecision): Promise<DecidedCsu> {
  const [server] = await db
    .select({ id: servers.id, name: servers.name })
    .from(servers)
    .where(eq(servers.id, decision.serverId));
  if (server === undefined) throw notFound('Server');
  const notes = decision.adminNotes?.trim() || null;
  const reason = notes ?? (decision.verified ? DEFAULT_REASONS.verified : DEFAULT_REASONS.denied);

  const written = await db.transaction(async (tx) => {
    const [previous] = await tx
      .select()
      .from(csuVerifications)
      .where(eq(csuVerifications.serverId, server.id))
      .for('update');
    const stored = {
      verified: decision.verified,
      adminNotes: notes,
      decidedByUserId: decision.actor.id,
      decidedAt: decision.now,
    };
    await tx
      .insert(csuVerifications)
      .values({ serverId: server.id, ...stored })
      .onConflictDoUpdate({ target: csuVerifications.serverId, set: stored });
    const applied = await applyToLatestAudit(tx, decision, reason);
    const notifications = await recordNotifications(tx, await usersOfServer(tx, server.id), {
      type: 'CSU_VERIFICATION',
      title: decision.verified ? 'CSU Account Verified' : 'CSU Account Not Verified',
      message: decision.verified
        ? `Rampart staff verified the cold super user (CSU) account of ${server.name}.`
        : `Rampart staff could not verify the cold super user (CSU) account of ${server.name}; the CSU check stays failed.`,
      actionUrl: applied === null ? null : `/audits/${applied.audit.id}`,
    });
    await recordStaffAction(tx, {
      actor: decision.actor,
      action: decision.verified ? 'csu.verify' : 'csu.deny',
      targetType: 'server',
      targetId: server.id,
      summary: `${decision.verified ? 'Verified' : 'Denied'} the CSU account of ${server.name}${
        applied === null ? ' (no completed audit to apply it to yet)' : ''
      }.`,
      before: {
        csulVerified: previous?.verified ?? null,
        adminNotes: previous?.adminNotes ?? null,
        ...applied?.before,
      },
      after: { csulVerified: decision.verified, adminNotes: notes, ...applied?.after },
    });
    return { audit: applied === null ? null : toAudit(applied.audit), notifications };
  });

  const row = await csuRowOf(db, server.id, decision.now);
  if (row === undefined) throw notFound('Server');
  return { row, ...written };
}
