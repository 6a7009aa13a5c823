import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/rows.js';
import { staffActions } from '../../db/schema-staff.js';
import { displayName } from '../audits/mappers.js';

/** A database or a transaction of it: an action is recorded in the transaction that makes it. */
export type StaffActionWriter = Pick<Database, 'insert'>;

/** What staff did; `action` is `<target>.<verb>`, e.g. `certificate.approve`, `coupon.revoke`. */
export interface StaffActionInput {
  actor: Pick<UserRow, 'id' | 'username' | 'globalName'>;
  action: string;
  targetType: string;
  targetId: string;
  /** One sentence a reader of the Activity section understands without the ids. */
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Writes one entry of the audit trail. Call it with the transaction of the change itself, so an action
 * is recorded exactly when it takes effect (and never when it rolls back).
 */
export async function recordStaffAction(writer: StaffActionWriter, input: StaffActionInput): Promise<void> {
  await writer.insert(staffActions).values({
    actorUserId: input.actor.id,
    actorName: displayName(input.actor),
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    summary: input.summary,
    before: input.before ?? null,
    after: input.after ?? null,
  });
}
