import { eq } from 'drizzle-orm';
import type { CheckId } from '../../../shared/audit-contract.js';
import { namedFindings } from '../../../audit/diff.js';
import type { DiffFinding } from '../../../shared/contracts/audit-insights.js';
import { AuditExport, EXPORT_SCHEMA_VERSION, type ExportCheck } from '../../../shared/contracts/audit-export.js';
import type { StoredCheckResult } from '../../../shared/contracts/audits.js';
import type { Database } from '../../db/client.js';
import { waivers } from '../../db/schema-evidence.js';
import { checkResults, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Caller } from '../auth/caller.js';
import { findAccessibleAudit } from './access.js';
import { listCheckResults } from './audit-reads.js';
import { summariseEvidence } from './evidence-summary.js';
import { auditExportCsv } from './export-csv.js';
import { displayName, toAudit } from './mappers.js';

export type ExportFormat = 'json' | 'csv';

export interface AuditExportFile {
  filename: string;
  contentType: string;
  body: string;
}

type ExportWaiver = NonNullable<ExportCheck['waiver']>;

/** The waivers behind the audit's WAIVED checks, with their reviewer's display name, by check. */
async function waiversOfAudit(db: Database, auditId: string): Promise<Map<CheckId, ExportWaiver>> {
  const rows = await db
    .select({
      checkId: checkResults.checkId,
      waiver: waivers,
      reviewer: { globalName: users.globalName, username: users.username },
    })
    .from(checkResults)
    .innerJoin(waivers, eq(waivers.id, checkResults.waiverId))
    .leftJoin(users, eq(users.id, waivers.grantedByUserId))
    .where(eq(checkResults.auditId, auditId));
  return new Map(
    rows.map(({ checkId, waiver, reviewer }) => [
      checkId,
      {
        reviewer: reviewer === null ? null : displayName(reviewer),
        grantedAt: waiver.grantedAt.toISOString(),
        expiresAt: waiver.expiresAt.toISOString(),
        reason: waiver.reason,
      },
    ]),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a failing or undecided check found first: a named item, else its first detail line. */
function mainFinding(check: StoredCheckResult): DiffFinding | null {
  if (check.engineStatus === 'PASS') return null;
  const [named] = namedFindings(check.evidence);
  if (named !== undefined) return named;
  const detail = isRecord(check.evidence) && Array.isArray(check.evidence.details) ? check.evidence.details[0] : null;
  return typeof detail === 'string' && detail.trim() !== '' ? { kind: 'detail', label: detail } : null;
}

function exportCheck(check: StoredCheckResult, waiver: ExportWaiver | undefined): ExportCheck {
  return {
    checkId: check.checkId,
    name: check.checkName,
    category: check.category,
    severity: check.severity,
    status: check.status,
    engineStatus: check.engineStatus,
    reason: summariseEvidence(check.evidence, check.status),
    mainFinding: mainFinding(check),
    remediation: check.remediation,
    evidence: isRecord(check.evidence) ? check.evidence : {},
    override:
      check.overrideKind === null
        ? null
        : {
            kind: check.overrideKind,
            by: check.overriddenBy,
            at: check.overriddenAt,
            reason: check.overrideReason,
            evidence: check.overrideEvidence,
          },
    waiver: waiver ?? null,
  };
}

/** A file name from the server's name: lowercase letters, digits and dashes, never empty. */
export function serverSlug(name: string, discordId: string): string {
  const slug = name
    .normalize('NFKD')
    // Accents decompose into a letter and a combining mark: keep the letter ("Café" → "cafe").
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug === '' ? discordId : slug;
}

/**
 * A completed audit as a download (docs/export-format.md): the same data as JSON, or one CSV row per check.
 * Access is the audit read's (owners their servers, staff all); an unfinished audit has nothing to export.
 */
export async function exportAudit(options: {
  db: Database;
  caller: Caller;
  auditId: string;
  format: ExportFormat;
  now: () => Date;
}): Promise<AuditExportFile> {
  const { db, format } = options;
  const { audit: row, server } = await findAccessibleAudit(db, options.caller, options.auditId);
  const audit = toAudit(row);
  if (audit.status !== 'completed' || audit.completedAt === null || audit.riskScore === null) {
    throw new AppError('CONFLICT', 'An audit can be exported once it has completed.');
  }
  const [checks, waiverByCheck] = await Promise.all([listCheckResults(db, audit.id), waiversOfAudit(db, audit.id)]);
  const exported: AuditExport = AuditExport.parse({
    schemaVersion: EXPORT_SCHEMA_VERSION,
    exportedAt: options.now().toISOString(),
    server: { name: server.name, discordId: server.discordId, memberCount: server.memberCount },
    audit: {
      id: audit.id,
      trigger: audit.trigger,
      createdAt: audit.createdAt,
      startedAt: audit.startedAt,
      completedAt: audit.completedAt,
      riskScore: audit.riskScore,
      selfAttestedRiskScore: audit.selfAttestedRiskScore,
      counts: {
        total: audit.totalChecks,
        passed: audit.passedChecks,
        failed: audit.failedChecks,
        unknown: audit.unknownChecks,
        critical: audit.criticalIssues,
        high: audit.highIssues,
        medium: audit.mediumIssues,
        low: audit.lowIssues,
        selfAttestedOverrides: audit.selfAttestedOverrides,
      },
      certificateEligible: audit.certificateEligible,
    },
    checks: checks.map((check) => exportCheck(check, waiverByCheck.get(check.checkId))),
  });
  const filename = `rampart-audit-${serverSlug(server.name, server.discordId)}-${audit.completedAt.slice(0, 10)}.${format}`;
  return format === 'json'
    ? { filename, contentType: 'application/json; charset=utf-8', body: JSON.stringify(exported, null, 2) }
    : { filename, contentType: 'text/csv; charset=utf-8', body: auditExportCsv(exported) };
}
