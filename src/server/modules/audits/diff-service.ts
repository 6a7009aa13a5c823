import { and, desc, eq, lt } from 'drizzle-orm';
import { diffAudits, firstAuditDiff } from '../../../audit/diff.js';
import type { AuditDiff } from '../../../shared/contracts/audit-insights.js';
import type { Database } from '../../db/client.js';
import type { AuditRow } from '../../db/rows.js';
import { audits } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Caller } from '../auth/caller.js';
import { findAccessibleAudit } from './access.js';
import { listCheckResults } from './audit-reads.js';

function side(audit: AuditRow): AuditDiff['audit'] {
  return {
    id: audit.id,
    trigger: audit.trigger,
    completedAt: audit.completedAt?.toISOString() ?? null,
    riskScore: audit.riskScore,
  };
}

function requireCompleted(audit: AuditRow): void {
  if (audit.status !== 'completed') {
    throw new AppError('CONFLICT', 'Audits can be compared once both have completed.');
  }
}

/** The server's latest audit completed before this one, if any. */
export async function previousCompletedAudit(
  db: Database,
  audit: Pick<AuditRow, 'serverId' | 'completedAt'>,
): Promise<AuditRow | undefined> {
  if (audit.completedAt === null) return undefined;
  const [previous] = await db
    .select()
    .from(audits)
    .where(
      and(
        eq(audits.serverId, audit.serverId),
        eq(audits.status, 'completed'),
        lt(audits.completedAt, audit.completedAt),
      ),
    )
    .orderBy(desc(audits.completedAt), desc(audits.id))
    .limit(1);
  return previous;
}

/** `againstId`'s audit only when it is of the same server; any other id reads as one that does not exist. */
async function auditOfServer(db: Database, serverId: string, againstId: string): Promise<AuditRow> {
  const [row] = await db
    .select()
    .from(audits)
    .where(and(eq(audits.id, againstId), eq(audits.serverId, serverId)))
    .limit(1);
  if (row === undefined) throw notFound('Audit');
  return row;
}

/** Two completed audits' results, as the pure difference reads them. */
export async function diffOfAudits(db: Database, audit: AuditRow, against: AuditRow | undefined): Promise<AuditDiff> {
  if (against === undefined) return firstAuditDiff(side(audit));
  const [auditChecks, againstChecks] = await Promise.all([
    listCheckResults(db, audit.id),
    listCheckResults(db, against.id),
  ]);
  return diffAudits({ audit: side(audit), against: side(against) }, auditChecks, againstChecks);
}

/**
 * What changed between a completed audit the caller may see and another completed audit of the same server
 * (by default the one completed just before it).
 */
export async function getAuditDiff(options: {
  db: Database;
  caller: Caller;
  auditId: string;
  againstId: string | undefined;
}): Promise<AuditDiff> {
  const { db } = options;
  const { audit } = await findAccessibleAudit(db, options.caller, options.auditId);
  const against =
    options.againstId === undefined ? undefined : await auditOfServer(db, audit.serverId, options.againstId);
  requireCompleted(audit);
  if (against !== undefined) requireCompleted(against);
  return diffOfAudits(db, audit, against ?? (await previousCompletedAudit(db, audit)));
}
