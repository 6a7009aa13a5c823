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

type EngagementUpdate = z.output<typeof UpdateServiceEngagementRequest>;

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

function toEngagement(row: typeof serviceEngagements.$inferSelect, serverName: string): ServiceEngagement {
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

/**
 * Any status may follow any other (the spec); completedAt is the server's own clock when COMPLETED and
 * null otherwise, whatever the client sent. Notes left out of the body stay as they were.
 */
export async function updateServiceEngagement(
  db: Database,
  input: { id: string; update: EngagementUpdate; now: Date },
): Promise<ServiceEngagement> {
  const { status, engineerNotes } = input.update;
  const [updated] = await db
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
  const [server] = await db.select({ name: servers.name }).from(servers).where(eq(servers.id, updated.serverId));
  return toEngagement(updated, server?.name ?? '');
}
