import { eq } from 'drizzle-orm';
import type { Audit, StoredCheckResult } from '../../../shared/contracts/audits.js';
import type { Database } from '../../db/client.js';
import { audits, checkResults, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Caller } from '../auth/caller.js';
import { recordStaffAction } from '../staff-actions/record.js';
import { findAccessibleCheck, isServerOwner } from './access.js';
import { AUDIT_NOT_COMPLETED, MANAGER_CANNOT_OVERRIDE, STAFF_DECISION_STANDS } from './check-overrides.js';
import { displayName, toAudit, toStoredCheckResult } from './mappers.js';

const NOT_OVERRIDDEN =
  'This check is not overridden: override it (Waived or Pass, with a reason) before adding evidence.';

export interface SubmitOverrideEvidenceOptions {
  db: Database;
  caller: Caller;
  checkResultId: string;
  /** Already trimmed and bounded by the request's schema. */
  evidence: string;
}

/**
 * POST /api/checks/{checkId}/evidence: adds or replaces the evidence behind an overridden check of a
 * completed audit. The override's side may do it: staff always, the server's Discord owner for their own
 * self-attested claim (the rule of PUT /api/checks/{checkId}); staff's doing is written to the audit trail.
 * Returns the audit too, so the caller can tell the server's users once this has committed.
 */
export async function submitOverrideEvidence(
  options: SubmitOverrideEvidenceOptions,
): Promise<{ check: StoredCheckResult; audit: Audit }> {
  const { db, caller } = options;
  const { audit: auditRow, server } = await findAccessibleCheck(db, caller, options.checkResultId);
  if (!caller.isAdmin && !(await isServerOwner(db, caller.user.id, server.id)))
    throw new AppError('FORBIDDEN', MANAGER_CANNOT_OVERRIDE);
  return db.transaction(async (tx) => {
    // The same lock as an override's: evidence never lands on an override that is being withdrawn or replaced.
    const [locked] = await tx.select().from(audits).where(eq(audits.id, auditRow.id)).for('update');
    if (locked?.status !== 'completed') throw new AppError('CONFLICT', AUDIT_NOT_COMPLETED);
    const [current] = await tx.select().from(checkResults).where(eq(checkResults.id, options.checkResultId));
    if (current === undefined) throw notFound('Check');
    if (current.overrideKind === null) throw new AppError('CONFLICT', NOT_OVERRIDDEN);
    if (current.overrideKind === 'staff' && !caller.isAdmin) throw new AppError('CONFLICT', STAFF_DECISION_STANDS);
    const [check] = await tx
      .update(checkResults)
      .set({ overrideEvidence: options.evidence, overrideEvidenceAt: new Date() })
      .where(eq(checkResults.id, current.id))
      .returning();
    if (check === undefined) throw new Error('evidence update returned no row');
    if (caller.isAdmin) {
      await recordStaffAction(tx, {
        actor: caller.user,
        action: 'check.evidence',
        targetType: 'check',
        targetId: check.id,
        summary: `${current.overrideEvidence === null ? 'Added' : 'Updated'} the override evidence of “${check.checkName}” on ${server.name}’s audit.`,
        before: { overrideEvidence: current.overrideEvidence },
        after: { overrideEvidence: check.overrideEvidence },
      });
    }
    const [overrider] =
      check.overriddenByUserId === null
        ? []
        : await tx
            .select({ globalName: users.globalName, username: users.username })
            .from(users)
            .where(eq(users.id, check.overriddenByUserId));
    return {
      check: toStoredCheckResult(check, overrider === undefined ? null : displayName(overrider)),
      audit: toAudit(locked),
    };
  });
}
