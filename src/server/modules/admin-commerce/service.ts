import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminEntitlement,
  ServiceEngagement,
  UpdateServiceEngagementRequest,
} from '../../../shared/contracts/admin-commerce.js';
import type { Database } from '../../db/client.js';
import { entitlements, servers, users } from '../../db/schema.js';
import { serviceEngagements } from '../../db/schema-commerce.js';
import { notFound } from '../../errors.js';
import { recordStaffAction, type StaffActionInput } from '../staff-actions/record.js';

type EngagementUpdate = z.output<typeof UpdateServiceEngagementRequest>;
type EngagementRow = typeof serviceEngagements.$inferSelect;

const CENTS_PER_DOLLAR = 100;

/** Every entitlement with its user and (if bound to one) server, newest first. */
export async function listAdminEntitlements(db: Database): Promise<AdminEntitlement[]> {
  const rows = await db
    .select({
      entitlement: entitlements,
      username: users.username,
      serverName: servers.name,
    })
    .from(entitlements)
    .innerJoin(users, eq(users.id, entitlements.userId))
    .leftJoin(servers, eq(servers.id, entitlements.serverId))
    .orderBy(desc(entitlements.createdAt), desc(entitlements.id));
  return rows.map(({ entitlement, username, serverName }) => ({
    id: entitlement.id,
    userId: entitlement.userId,
    username,
    serverId: entitlement.serverId,
    serverName,
    plan: entitlement.plan,
    paid: entitlement.paid,
    provider: entitlement.source,
    amountUsd: entitlement.amountCents / CENTS_PER_DOLLAR,
    createdAt: entitlement.createdAt.toISOString(),
  }));
}

function toEngagement(row: EngagementRow, serverName: string): ServiceEngagement {
  return {
    id: row.id,
    serverId: row.serverId,
    serverName,
    plan: row.plan,
    status: row.status,
    engineerNotes: row.engineerNotes,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listServiceEngagements(db: Database): Promise<ServiceEngagement[]> {
  const rows = await db
    .select({ engagement: serviceEngagements, serverName: servers.name })
    .from(serviceEngagements)
    .innerJoin(servers, eq(servers.id, serviceEngagements.serverId))
    .orderBy(desc(serviceEngagements.createdAt), desc(serviceEngagements.id));
  return rows.map(({ engagement, serverName }) => toEngagement(engagement, serverName));
}

const trailOf = (row: EngagementRow) => ({
  status: row.status,
  engineerNotes: row.engineerNotes,
  completedAt: row.completedAt?.toISOString() ?? null,
});

/**
 * Any status may follow any other (the spec); completedAt is the server's own clock when COMPLETED and
 * null otherwise, whatever the client sent. Notes left out of the body stay as they were. The audit trail
 * records the change in its transaction.
 */
export async function updateServiceEngagement(
  db: Database,
  input: { id: string; update: EngagementUpdate; now: Date; actor: StaffActionInput['actor'] },
): Promise<ServiceEngagement> {
  const { status, engineerNotes } = input.update;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ engagement: serviceEngagements, serverName: servers.name })
      .from(serviceEngagements)
      .innerJoin(servers, eq(servers.id, serviceEngagements.serverId))
      .where(eq(serviceEngagements.id, input.id))
      .for('update', { of: serviceEngagements });
    if (before === undefined) throw notFound('Service engagement');
    const [updated] = await tx
      .update(serviceEngagements)
      .set({
        status,
        ...(engineerNotes === undefined ? {} : { engineerNotes }),
        completedAt: status === 'COMPLETED' ? input.now : null,
        updatedAt: input.now,
      })
      .where(eq(serviceEngagements.id, input.id))
      .returning();
    if (updated === undefined) throw notFound('Service engagement');
    await recordStaffAction(tx, {
      actor: input.actor,
      action: 'engagement.update',
      targetType: 'service_engagement',
      targetId: updated.id,
      summary: `Set the ${updated.plan} engagement of ${before.serverName} to ${updated.status}.`,
      before: trailOf(before.engagement),
      after: trailOf(updated),
    });
    return toEngagement(updated, before.serverName);
  });
}
