import { asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { Audit, AuditWithChecks, StoredCheckResult, UserAudit } from '../../../shared/contracts/audits.js';
import { recomputeSummary } from '../../../audit/scoring.js';
import type { Database } from '../../db/client.js';
import { audits, checkResults, servers, userServers } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Caller } from '../../plugins/session.js';
import { findAccessibleServer } from './access.js';
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

/** The audit row if the caller may see it; otherwise "not found" (no hint that it exists). */
async function findAccessibleAudit(db: Database, caller: Caller, auditId: string): Promise<AuditRow> {
  const [row] = await db.select().from(audits).where(eq(audits.id, auditId)).limit(1);
  if (row === undefined) throw notFound('Audit');
  await findAccessibleServer(db, caller, row.serverId).catch(() => {
    throw notFound('Audit');
  });
  return row;
}

export async function getAudit(options: { db: Database; caller: Caller; auditId: string }): Promise<AuditWithChecks> {
  const row = await findAccessibleAudit(options.db, options.caller, options.auditId);
  return { ...toAudit(row), checkResults: await listCheckResults(options.db, row.id) };
}

export async function listCheckResults(db: Database, auditId: string): Promise<StoredCheckResult[]> {
  const rows = await db.select().from(checkResults).where(eq(checkResults.auditId, auditId)).orderBy(asc(checkResults.position));
  return rows.map(toStoredCheckResult);
}

export async function getAuditForReport(options: { db: Database; caller: Caller; auditId: string }) {
  const audit = await getAudit(options);
  if (audit.status !== 'completed') throw new AppError('CONFLICT', 'The report is ready once the audit has completed.');
  const server = await findAccessibleServer(options.db, options.caller, audit.serverId);
  return { audit, server };
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

/** Audits of the servers the caller manages, and any the caller started; newest first. */
export async function listUserAudits(options: { db: Database; caller: Caller }): Promise<UserAudit[]> {
  const { db, caller } = options;
  const linked = db.select({ id: userServers.serverId }).from(userServers).where(eq(userServers.userId, caller.user.id));
  const rows = await db
    .select({ audit: audits, serverName: servers.name })
    .from(audits)
    .innerJoin(servers, eq(servers.id, audits.serverId))
    .where(or(inArray(audits.serverId, linked), eq(audits.requestedByUserId, caller.user.id)))
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
  const auditRow = await findAccessibleAudit(db, caller, target.auditId).catch(() => {
    throw notFound('Check');
  });
  if (auditRow.status !== 'completed') throw new AppError('CONFLICT', 'Only checks of a completed audit can be changed.');
  const reason = options.waiveReason?.trim() || null;
  if (!caller.isAdmin && options.status !== 'FAIL' && reason === null) {
    throw new AppError('BAD_REQUEST', 'A reason is required to override a check.');
  }
  return db.transaction(async (tx) => {
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
    const all = await tx.select({ severity: checkResults.severity, status: checkResults.status }).from(checkResults).where(eq(checkResults.auditId, target.auditId));
    const [audit] = await tx
      .update(audits)
      .set(recomputeSummary(all))
      .where(eq(audits.id, target.auditId))
      .returning();
    if (check === undefined || audit === undefined) throw new Error('override update returned no row');
    return { check: toStoredCheckResult(check), audit: toAudit(audit) };
  });
}
