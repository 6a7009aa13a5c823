import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { audits, checkResults, servers, userServers } from '../../db/schema.js';
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

/** Any audit with its server, for admins. */
const auditWithServer = preparedPerDatabase((db) =>
  db
    .select({ audit: audits, server: servers })
    .from(audits)
    .innerJoin(servers, eq(servers.id, audits.serverId))
    .where(eq(audits.id, sql.placeholder('auditId')))
    .limit(1)
    .prepare('audit_with_server'),
);

/** The audit with its server only when the user is linked to that server: access and data in one round trip. */
const linkedAuditWithServer = preparedPerDatabase((db) =>
  db
    .select({ audit: audits, server: servers })
    .from(audits)
    .innerJoin(servers, eq(servers.id, audits.serverId))
    .innerJoin(
      userServers,
      and(eq(userServers.serverId, audits.serverId), eq(userServers.userId, sql.placeholder('userId'))),
    )
    .where(eq(audits.id, sql.placeholder('auditId')))
    .limit(1)
    .prepare('linked_audit_with_server'),
);

/** The audit and its server if the caller may see them; otherwise "not found" (no hint that it exists). */
export async function findAccessibleAudit(
  db: Database,
  caller: Caller,
  auditId: string,
): Promise<{ audit: AuditRow; server: ServerRow }> {
  const [row] = caller.isAdmin
    ? await auditWithServer(db).execute({ auditId })
    : await linkedAuditWithServer(db).execute({ auditId, userId: caller.user.id });
  if (row === undefined) throw notFound('Audit');
  return row;
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
export async function usersOfServer(db: Pick<Database, 'select'>, serverId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: userServers.userId })
    .from(userServers)
    .where(eq(userServers.serverId, serverId));
  return rows.map((row) => row.userId);
}

/**
 * The audit and server of a check result the caller may see; any other id is "Check not found", so a
 * check of another owner's server reads as one that does not exist.
 */
export async function findAccessibleCheck(
  db: Database,
  caller: Caller,
  checkResultId: string,
): Promise<{ audit: AuditRow; server: ServerRow }> {
  const [target] = await db
    .select({ auditId: checkResults.auditId })
    .from(checkResults)
    .where(eq(checkResults.id, checkResultId))
    .limit(1);
  if (target === undefined) throw notFound('Check');
  return findAccessibleAudit(db, caller, target.auditId).catch(() => {
    throw notFound('Check');
  });
}
