import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { audits, servers, userServers } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { Caller } from '../auth/caller.js';
import type { AuditRow, ServerRow } from '../../db/rows.js';

/**
 * The server if the caller may act on it: admins on any server, others only on servers Discord
 * last reported them owning or managing. Anything else is "not found", so ids leak nothing.
 */
export async function findAccessibleServer(db: Database, caller: Caller, serverId: string): Promise<ServerRow> {
  const [row] = caller.isAdmin
    ? await db.select().from(servers).where(eq(servers.id, serverId)).limit(1)
    : await db
        .select({ server: servers })
        .from(servers)
        .innerJoin(userServers, and(eq(userServers.serverId, servers.id), eq(userServers.userId, caller.user.id)))
        .where(eq(servers.id, serverId))
        .limit(1)
        .then((rows) => rows.map((r) => r.server));
  if (row === undefined) throw notFound('Server');
  return row;
}

/** The audit and its server if the caller may see them; otherwise "not found" (no hint that it exists). */
export async function findAccessibleAudit(
  db: Database,
  caller: Caller,
  auditId: string,
): Promise<{ audit: AuditRow; server: ServerRow }> {
  const [audit] = await db.select().from(audits).where(eq(audits.id, auditId)).limit(1);
  if (audit === undefined) throw notFound('Audit');
  const server = await findAccessibleServer(db, caller, audit.serverId).catch(() => {
    throw notFound('Audit');
  });
  return { audit, server };
}

/** Whether Discord last reported the user as the server's owner, not merely someone who manages it. */
export async function isServerOwner(db: Database, userId: string, serverId: string): Promise<boolean> {
  const [link] = await db
    .select({ isOwner: userServers.isOwner })
    .from(userServers)
    .where(and(eq(userServers.userId, userId), eq(userServers.serverId, serverId)))
    .limit(1);
  return link?.isOwner === true;
}

/** Users who should hear about a server's audits: everyone linked to it. */
export async function usersOfServer(db: Database, serverId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: userServers.userId })
    .from(userServers)
    .where(eq(userServers.serverId, serverId));
  return rows.map((row) => row.userId);
}
