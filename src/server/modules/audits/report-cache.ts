import { and, eq } from 'drizzle-orm';
import { sha256 } from '../../crypto.js';
import type { Database } from '../../db/client.js';
import { auditReports } from '../../db/schema.js';
import type { AuditReportPdfInput } from './report-pdf.js';

/** Bump when the report's layout or wording changes, so reports cached by an older build are drawn again. */
const REPORT_FORMAT = 3;

/**
 * The version of an audit's report: a digest of everything the PDF shows (results, overrides, score,
 * server name, what changed since the previous audit). Any change to those yields a new version, so a
 * cached PDF is never stale.
 */
export function reportVersion(input: Omit<AuditReportPdfInput, 'generatedAt'>): string {
  return sha256(JSON.stringify({ format: REPORT_FORMAT, input }));
}

export async function findCachedReport(db: Database, auditId: string, version: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ pdf: auditReports.pdf })
    .from(auditReports)
    .where(and(eq(auditReports.auditId, auditId), eq(auditReports.version, version)));
  return row?.pdf;
}

/** Keeps only the latest version of an audit's report. */
export async function storeReport(db: Database, auditId: string, version: string, pdf: Buffer): Promise<void> {
  await db
    .insert(auditReports)
    .values({ auditId, version, pdf })
    .onConflictDoUpdate({ target: auditReports.auditId, set: { version, pdf, createdAt: new Date() } });
}
