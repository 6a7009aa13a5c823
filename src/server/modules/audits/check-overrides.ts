import { eq } from 'drizzle-orm';
import {
  MIN_SELF_ATTESTED_REASON_LENGTH,
  nonBlankLength,
  type OverrideKind,
  statusOfRecord,
} from '../../../shared/certification.js';
import type { Audit, StoredCheckResult } from '../../../shared/contracts/audits.js';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { audits, checkResults } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Caller } from '../auth/caller.js';
import type { StoredNotification } from '../notifications/notify.js';
import { findAccessibleCheck, isServerOwner } from './access.js';
import type { CheckResultRow } from '../../db/rows.js';
import { displayName, toAudit, toStoredCheckResult } from './mappers.js';
import { recordOverride } from './notices.js';
import { recordStaffAction } from '../staff-actions/record.js';
import { rescoreAudit } from './rescore.js';

export const MANAGER_CANNOT_OVERRIDE =
  'Only the server’s owner or Rampart staff can override a check. You manage this server but do not own it.';
export const REASON_TOO_SHORT = `Give a reason of at least ${MIN_SELF_ATTESTED_REASON_LENGTH} characters (spaces not counted) to override a check.`;
export const STAFF_DECISION_STANDS = 'Rampart staff decided this check; only staff can change it.';
export const AUDIT_NOT_COMPLETED = 'Only checks of a completed audit can be changed.';

export interface UpdateCheckOptions {
  db: Database;
  /** Who staff are: a self-attested override is told to them. */
  config: Pick<AppConfig, 'adminDiscordIds'>;
  caller: Caller;
  checkResultId: string;
  status: 'PASS' | 'FAIL' | 'WAIVED';
  waiveReason: string | null | undefined;
}

type OverrideColumns = Pick<
  CheckResultRow,
  'status' | 'waiveReason' | 'overrideKind' | 'overrideReason' | 'overriddenByUserId' | 'overriddenAt'
> &
  Partial<Pick<CheckResultRow, 'overrideEvidence' | 'overrideEvidenceAt'>>;

/** An owner's FAIL withdraws their own claim: the check shows the engine's finding again. */
function withdrawn(check: CheckResultRow): OverrideColumns {
  return {
    status: check.engineStatus,
    waiveReason: null,
    overrideKind: null,
    overrideReason: null,
    overrideEvidence: null,
    overrideEvidenceAt: null,
    overriddenByUserId: null,
    overriddenAt: null,
  };
}

function override(options: UpdateCheckOptions, kind: OverrideKind): OverrideColumns {
  const reason = options.waiveReason?.trim() || null;
  return {
    status: options.status,
    waiveReason: options.status === 'FAIL' ? null : reason,
    overrideKind: kind,
    overrideReason: reason,
    overriddenByUserId: options.caller.user.id,
    overriddenAt: new Date(),
  };
}

/** Staff decide; only the server's Discord owner may self-attest, and must say why (docs/decisions/0009). */
async function overrideKindFor(options: UpdateCheckOptions, serverId: string): Promise<OverrideKind> {
  if (options.caller.isAdmin) return 'staff';
  if (!(await isServerOwner(options.db, options.caller.user.id, serverId)))
    throw new AppError('FORBIDDEN', MANAGER_CANNOT_OVERRIDE);
  if (options.status !== 'FAIL' && nonBlankLength(options.waiveReason) < MIN_SELF_ATTESTED_REASON_LENGTH) {
    throw new AppError('BAD_REQUEST', REASON_TOO_SHORT);
  }
  return 'self_attested';
}

/**
 * PUT /api/checks/{checkId}: a staff decision, or the owner's self-attested override, on one check of
 * a completed audit; then the audit's numbers of record and the score the owner claims are recomputed.
 * The notifications it stores commit with the change; push them once it returns.
 */
export async function updateCheck(
  options: UpdateCheckOptions,
): Promise<{ check: StoredCheckResult; audit: Audit; notifications: StoredNotification[] }> {
  const { db, caller } = options;
  const { audit: auditRow, server } = await findAccessibleCheck(db, caller, options.checkResultId);
  const kind = await overrideKindFor(options, server.id);
  return db.transaction(async (tx) => {
    // Lock the audit so concurrent overrides recompute the score one after another, never from a stale set.
    const [locked] = await tx
      .select({ status: audits.status, riskScore: audits.riskScore })
      .from(audits)
      .where(eq(audits.id, auditRow.id))
      .for('update');
    if (locked?.status !== 'completed') throw new AppError('CONFLICT', AUDIT_NOT_COMPLETED);
    const [current] = await tx.select().from(checkResults).where(eq(checkResults.id, options.checkResultId));
    if (current === undefined) throw notFound('Check');
    if (kind === 'self_attested' && current.overrideKind === 'staff')
      throw new AppError('CONFLICT', STAFF_DECISION_STANDS);
    const change = kind === 'self_attested' && options.status === 'FAIL' ? withdrawn(current) : override(options, kind);
    const [check] = await tx.update(checkResults).set(change).where(eq(checkResults.id, current.id)).returning();
    const audit = await rescoreAudit(tx, auditRow.id, new Date());
    if (check === undefined || audit === undefined) throw new Error('override update returned no row');
    if (kind === 'staff') {
      await recordStaffAction(tx, {
        actor: caller.user,
        action: 'check.override',
        targetType: 'check',
        targetId: check.id,
        summary: `Set ${check.checkName} on ${server.name} to ${check.status}.`,
        // The status of record: an owner's self-attested claim before staff decided is not what counted.
        before: {
          auditId: audit.id,
          status: statusOfRecord(current),
          overrideKind: current.overrideKind,
          overrideReason: current.overrideReason,
          riskScore: locked.riskScore,
        },
        after: {
          auditId: audit.id,
          status: check.status,
          overrideKind: check.overrideKind,
          overrideReason: check.overrideReason,
          riskScore: audit.riskScore,
        },
      });
    }
    const notifications = await recordOverride(tx, options.config, {
      kind,
      status: options.status,
      auditId: audit.id,
      serverId: server.id,
      serverName: server.name,
      checkName: check.checkName,
    });
    return { check: toStoredCheckResult(check, displayName(caller.user)), audit: toAudit(audit), notifications };
  });
}
