import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { audits, checkResults } from '../../db/schema.js';
import type { AuditRow } from '../../db/rows.js';
import { syncCertificate } from '../certificates/sync.js';
import { summaryOfRecord } from './summary-of-record.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Stores the audit's score and counts of record recomputed from its checks as they now stand, and brings
 * the server's certificates in line with them (a pending certificate appears, or is withdrawn). Callers
 * change a check and rescore in one transaction, holding the audit's row lock so changes apply in turn.
 */
export async function rescoreAudit(tx: Transaction, auditId: string, now: Date): Promise<AuditRow | undefined> {
  const all = await tx
    .select({
      severity: checkResults.severity,
      status: checkResults.status,
      engineStatus: checkResults.engineStatus,
      overrideKind: checkResults.overrideKind,
    })
    .from(checkResults)
    .where(eq(checkResults.auditId, auditId));
  const [audit] = await tx.update(audits).set(summaryOfRecord(all)).where(eq(audits.id, auditId)).returning();
  await syncCertificate(tx, auditId, now);
  return audit;
}
