import { countsAsPassed } from '../../../shared/audit-contract.js';
import { countsTowardCertification, isCertificateEligible, statusOfRecord } from '../../../shared/certification.js';
import type { Audit, StoredCheckResult } from '../../../shared/contracts/audits.js';
import type { AuditRow, CheckResultRow, UserRow } from '../../db/rows.js';

export function toAudit(row: AuditRow): Audit {
  return {
    id: row.id,
    serverId: row.serverId,
    status: row.status,
    progressStep: row.progressStep,
    failureReason: row.failureReason,
    riskScore: row.riskScore,
    totalChecks: row.totalChecks,
    passedChecks: row.passedChecks,
    failedChecks: row.failedChecks,
    unknownChecks: row.unknownChecks,
    criticalIssues: row.criticalIssues,
    highIssues: row.highIssues,
    mediumIssues: row.mediumIssues,
    lowIssues: row.lowIssues,
    selfAttestedOverrides: row.selfAttestedOverrides,
    selfAttestedRiskScore: row.selfAttestedRiskScore,
    certificateEligible: isCertificateEligible(row),
    trigger: row.trigger,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** The name people know a user by: their Discord display name, else their username. */
export function displayName(user: Pick<UserRow, 'globalName' | 'username'>): string {
  return user.globalName ?? user.username;
}

/** `overriddenBy` is the display name of the row's `overriddenByUserId`, read with the row. */
export function toStoredCheckResult(row: CheckResultRow, overriddenBy: string | null): StoredCheckResult {
  const selfAttested = row.overrideKind === 'self_attested';
  return {
    id: row.id,
    checkId: row.checkId,
    checkName: row.checkName,
    category: row.category,
    severity: row.severity,
    status: statusOfRecord(row),
    remediation: row.remediation,
    whyThisMatters: row.whyThisMatters,
    evidenceGuidance: row.evidenceGuidance,
    requiresManualEvidence: row.requiresManualEvidence,
    references: row.references,
    evidence: row.evidence,
    waiveReason: selfAttested ? null : row.waiveReason,
    engineStatus: row.engineStatus,
    overrideKind: row.overrideKind,
    selfAttestedStatus: selfAttested && countsAsPassed(row.status) ? row.status : null,
    overriddenBy: row.overrideKind === null ? null : overriddenBy,
    overriddenAt: row.overrideKind === null ? null : (row.overriddenAt?.toISOString() ?? null),
    overrideReason: row.overrideKind === null ? null : row.overrideReason,
    overrideEvidence: row.overrideKind === null ? null : row.overrideEvidence,
    overrideEvidenceAt: row.overrideKind === null ? null : (row.overrideEvidenceAt?.toISOString() ?? null),
    waiverExpiresAt: row.waiverExpiresAt?.toISOString() ?? null,
    countsTowardCertification: countsTowardCertification(row),
  };
}
