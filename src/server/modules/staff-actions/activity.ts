import { desc, lt } from 'drizzle-orm';
import type { StaffAction } from '../../../shared/contracts/admin-staff.js';
import type { Database } from '../../db/client.js';
import { staffActions } from '../../db/schema-staff.js';

/** The audit trail newest first, a page of `limit` entries older than `before` (an entry's createdAt) when given. */
export async function listStaffActions(
  db: Database,
  page: { limit: number; before?: string | undefined },
): Promise<StaffAction[]> {
  const rows = await db
    .select()
    .from(staffActions)
    .where(page.before === undefined ? undefined : lt(staffActions.createdAt, new Date(page.before)))
    .orderBy(desc(staffActions.createdAt), desc(staffActions.id))
    .limit(page.limit);
  return rows.map((row) => ({
    id: row.id,
    actorUserId: row.actorUserId,
    actorName: row.actorName,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    summary: row.summary,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  }));
}
