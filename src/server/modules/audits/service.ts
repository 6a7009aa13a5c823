import { asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { Audit, AuditWithChecks, StoredCheckResult, UserAudit } from '../../../shared/contracts/audits.js';
import { recomputeSummary } from '../../../audit/scoring.js';
import type { Database } from '../../db/client.js';
import { audits, checkResults, servers, userServers } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Caller } from '../../plugins/session.js';
import { findAccessibleServer, type ServerRow } from './access.js';
import { type AuditRow, toAudit, toStoredCheckResult } from './mappers.js';
import { getAuditUsage } from './usage.js';

const UNIQUE_VIOLATION = '23505';
const HISTORY_LIMIT = 50;

export async function createAudit(options: { db: Database; caller: Caller; serverId: string }): Promise<Audit> {
  const { db, caller, serverId } = options;
  await findAccessibleServer(db, caller, serverId);
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
    const [row] = await db.insert(audits).values({ serverId, requestedByUserId: caller.user.id }).returning();
    if (row === undefined) throw new Error('audit insert returned no row');
    return toAudit(row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', 'An audit is already running for this server. Wait for it to finish.');
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && current.code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/** The audit and its server if the caller may see them; otherwise "not found" (no hint that it exists). */
async function findAccessibleAudit(db: Database, caller: Caller, auditId: string): Promise<{ audit: AuditRow; server: ServerRow }> {
  const [audit] = await db.select().from(audits).where(eq(audits.id, auditId)).limit(1);
  if (audit === undefined) throw notFound('Audit');
  const server = await findAccessibleServer(db, caller, audit.serverId).catch(() => {
    throw notFound('Audit');
  });
  return { audit, server };
}

export async function getAudit(options: { db: Database; caller: Caller; auditId: string }): Promise<AuditWithChecks> {
  const { audit } = await findAccessibleAudit(options.db, options.caller, options.auditId);
  return { ...toAudit(audit), checkResults: await listCheckResults(options.db, audit.id) };
}

export async function listCheckResults(db: Database, auditId: string): Promise<StoredCheckResult[]> {
  const rows = await db.select().from(checkResults).where(eq(checkResults.auditId, auditId)).orderBy(asc(checkResults.position));
  return rows.map(toStoredCheckResult);
}

export async function getAuditForReport(options: { db: Database; caller: Caller; auditId: string }) {
  const { audit, server } = await findAccessibleAudit(options.db, options.caller, options.auditId);
  if (audit.status !== 'completed') throw new AppError('CONFLICT', 'The report is ready once the audit has completed.');
  return { audit: { ...toAudit(audit), checkResults: await listCheckResults(options.db, audit.id) }, server };
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
  const linked = db.select({ id: userServers.serverId }).from(userServers).where(eq(userServers.userId, caller.user.id));
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

export interface UpdateCheckOptions {
  db: Database;
  caller: Caller;
  checkResultId: string;
  status: 'PASS' | 'FAIL' | 'WAIVED';
  waiveReason: string | null | undefined;
}

/**
 * Overrides one check and recomputes its audit's score and counts. Staff may override freely; an
 * owner (on the override screen of part 2) must say why whenever a check is marked passed.
 */
export async function updateCheck(options: UpdateCheckOptions): Promise<{ check: StoredCheckResult; audit: Audit }> {
  const { db, caller } = options;
  const [target] = await db.select().from(checkResults).where(eq(checkResults.id, options.checkResultId)).limit(1);
  if (target === undefined) throw notFound('Check');
  const { audit: auditRow } = await findAccessibleAudit(db, caller, target.auditId).catch(() => {
    throw notFound('Check');
  });
  const reason = options.waiveReason?.trim() || null;
  if (!caller.isAdmin && options.status !== 'FAIL' && reason === null) {
    throw new AppError('BAD_REQUEST', 'A reason is required to override a check.');
  }
  return db.transaction(async (tx) => {
    // Lock the audit so concurrent overrides recompute the score one after another, never from a stale set.
    const [locked] = await tx.select({ status: audits.status }).from(audits).where(eq(audits.id, auditRow.id)).for('update');
    if (locked?.status !== 'completed') throw new AppError('CONFLICT', 'Only checks of a completed audit can be changed.');
    const [check] = await tx
      .update(checkResults)
      .set({
        status: options.status,
        waiveReason: options.status === 'FAIL' ? null : reason,
        overriddenByUserId: caller.user.id,
        overriddenAt: new Date(),
      })
      .where(eq(checkResults.id, target.id))
      .returning();
    const all = await tx.select({ severity: checkResults.severity, status: checkResults.status }).from(checkResults).where(eq(checkResults.auditId, auditRow.id));
    const [audit] = await tx.update(audits).set(recomputeSummary(all)).where(eq(audits.id, auditRow.id)).returning();
    if (check === undefined || audit === undefined) throw new Error('override update returned no row');
    return { check: toStoredCheckResult(check), audit: toAudit(audit) };
  });
}
