import { desc, eq } from 'drizzle-orm';
import type { Entitlement } from '../../../shared/contracts/entitlements.js';
import type { Database } from '../../db/client.js';
import { entitlements } from '../../db/schema.js';

export async function listEntitlements(db: Database, userId: string): Promise<Entitlement[]> {
  const rows = await db
    .select()
    .from(entitlements)
    .where(eq(entitlements.userId, userId))
    .orderBy(desc(entitlements.createdAt));
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    plan: row.plan,
    source: row.source,
    paid: row.paid,
    provider: row.source,
    amountUsd: row.amountCents / 100,
    serverId: row.serverId,
    createdAt: row.createdAt.toISOString(),
  }));
}
