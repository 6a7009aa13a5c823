import { desc, eq, inArray, or } from 'drizzle-orm';
import type { Audit, UserAudit } from '../../../shared/contracts/audits.js';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { audits, servers, userServers } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Caller } from '../auth/caller.js';
import type { StoredNotification } from '../notifications/notify.js';
import { findAccessibleAudit, findAccessibleServer } from './access.js';
import { type AuditReads, type AuditView, listCheckResults } from './audit-reads.js';
import { diffOfAudits, previousCompletedAudit } from './diff-service.js';
import { toAudit } from './mappers.js';
import { reportChanges } from './report-pdf-changes.js';
import { recordAuditQueued } from './notices.js';
import { getAuditUsage } from './usage.js';

const HISTORY_LIMIT = 50;

/**
 * Starts an audit as `POST /api/audits` does (access, quota, one running audit per server), queues it for
 * the worker and pushes its notifications; built by the audits module, also for modules that start one.
 */
export type StartAudit = (input: { caller: Caller; serverId: string }) => Promise<Audit>;

/** Queues an audit and stores its AUDIT_RUN notifications with it; push `notifications` once this returns. */
export async function createAudit(options: {
  db: Database;
  caller: Caller;
  serverId: string;
}): Promise<{ audit: Audit; notifications: StoredNotification[] }> {
  const { db, caller, serverId } = options;
  const server = await findAccessibleServer(db, caller, serverId);
  const usage = await getAuditUsage(db, caller, serverId);
  if (!usage.canAudit) {
    throw new AppError(
      'FORBIDDEN',
      usage.auditLimit === 0
        ? 'An audit plan is required to audit this server. Choose a plan or redeem a coupon first.'
        : `All ${usage.auditLimit} audits of your plan for this server are used. Buy more audits to run another.`,
    );
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(audits).values({ serverId, requestedByUserId: caller.user.id }).returning();
      if (row === undefined) throw new Error('audit insert returned no row');
      return { audit: toAudit(row), notifications: await recordAuditQueued(tx, row, server.name) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', 'An audit is already running for this server. Wait for it to finish.');
    }
    throw error;
  }
}

/**
 * The audit if the caller may see it, else "not found" (no hint that it exists): admins see any, others
 * those of servers they are linked to. Access and data come from the read caches (docs/decisions/0017),
 * read at once.
 */
export async function getAudit(options: { reads: AuditReads; caller: Caller; auditId: string }): Promise<AuditView> {
  const { reads, caller } = options;
  const [linked, view] = await Promise.all([
    caller.isAdmin ? null : reads.linkedServerIds(caller.user.id),
    reads.auditView(options.auditId),
  ]);
  if (view === null || (linked !== null && !linked.has(view.serverId))) throw notFound('Audit');
  return view;
}

/** A completed audit with what its report shows: its checks and what changed since the previous audit. */
export async function getAuditForReport(options: { db: Database; caller: Caller; auditId: string }) {
  const { db } = options;
  const { audit, server } = await findAccessibleAudit(db, options.caller, options.auditId);
  if (audit.status !== 'completed') throw new AppError('CONFLICT', 'The report is ready once the audit has completed.');
  const [checkResults, changes] = await Promise.all([
    listCheckResults(db, audit.id),
    previousCompletedAudit(db, audit).then(async (previous) => reportChanges(await diffOfAudits(db, audit, previous))),
  ]);
  return { audit: { ...toAudit(audit), checkResults }, server, changes };
}

export async function listServerAudits(options: { db: Database; caller: Caller; serverId: string }): Promise<Audit[]> {
  await findAccessibleServer(options.db, options.caller, options.serverId);
  const rows = await options.db
    .select()
    .from(audits)
    .where(eq(audits.serverId, options.serverId))
    .orderBy(desc(audits.createdAt), desc(audits.id))
    .limit(HISTORY_LIMIT);
  return rows.map(toAudit);
}

/**
 * Audits of the servers the caller may manage now (Discord decides, not who once started them),
 * newest first. Admins may audit any server, so theirs also include every audit they ran themselves.
 */
export async function listUserAudits(options: { db: Database; caller: Caller }): Promise<UserAudit[]> {
  const { db, caller } = options;
  const linked = db
    .select({ id: userServers.serverId })
    .from(userServers)
    .where(eq(userServers.userId, caller.user.id));
  const onLinkedServer = inArray(audits.serverId, linked);
  const rows = await db
    .select({ audit: audits, serverName: servers.name })
    .from(audits)
    .innerJoin(servers, eq(servers.id, audits.serverId))
    .where(caller.isAdmin ? or(onLinkedServer, eq(audits.requestedByUserId, caller.user.id)) : onLinkedServer)
    .orderBy(desc(audits.createdAt), desc(audits.id))
    .limit(HISTORY_LIMIT);
  return rows.map((row) => ({ ...toAudit(row.audit), serverName: row.serverName }));
}
