import type { AuditSummary, Severity } from '../../../shared/audit-contract.js';
import { type OverridableCheck, statusOfRecord } from '../../../shared/certification.js';
import { recomputeSummary } from '../../../audit/scoring.js';

export interface SummaryOfRecord extends AuditSummary {
  selfAttestedOverrides: number;
  selfAttestedRiskScore: number | null;
}

/**
 * An audit's numbers after overrides (docs/decisions/0009): the score and counts of record use the
 * engine's findings and staff decisions with the engine's formula; the owner's self-attested claims
 * only yield the separate score they claim.
 */
export function summaryOfRecord(checks: readonly (OverridableCheck & { severity: Severity })[]): SummaryOfRecord {
  const record = recomputeSummary(checks.map((check) => ({ severity: check.severity, status: statusOfRecord(check) })));
  const selfAttestedOverrides = checks.filter((check) => check.overrideKind === 'self_attested').length;
  return {
    ...record,
    selfAttestedOverrides,
    selfAttestedRiskScore: selfAttestedOverrides === 0 ? null : recomputeSummary(checks).riskScore,
  };
}
