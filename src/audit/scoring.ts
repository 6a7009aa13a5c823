import {
  countsAsPassed,
  SEVERITY_WEIGHTS,
  type AuditSummary,
  type CheckStatus,
  type Severity,
} from '../shared/audit-contract.js';

export interface ScoredCheck {
  severity: Severity;
  status: CheckStatus;
}

/**
 * riskScore = round(100 × weight of passed checks / weight of evaluated checks), where WAIVED counts
 * as passed, UNKNOWN is left out of both sides, and nothing evaluated scores 0. Higher is safer.
 * Pure, so the server can recompute after an override or an approved waiver.
 */
export function recomputeSummary(results: readonly ScoredCheck[]): AuditSummary {
  let passedWeight = 0;
  let evaluatedWeight = 0;
  const summary: AuditSummary = {
    riskScore: 0,
    totalChecks: results.length,
    passedChecks: 0,
    failedChecks: 0,
    criticalIssues: 0,
    highIssues: 0,
    mediumIssues: 0,
    lowIssues: 0,
    unknownChecks: 0,
  };
  for (const result of results) {
    const weight = SEVERITY_WEIGHTS[result.severity];
    if (result.status === 'UNKNOWN') {
      summary.unknownChecks += 1;
      continue;
    }
    evaluatedWeight += weight;
    if (countsAsPassed(result.status)) {
      summary.passedChecks += 1;
      passedWeight += weight;
      continue;
    }
    summary.failedChecks += 1;
    if (result.severity === 'CRITICAL') summary.criticalIssues += 1;
    else if (result.severity === 'HIGH') summary.highIssues += 1;
    else if (result.severity === 'MEDIUM') summary.mediumIssues += 1;
    else summary.lowIssues += 1;
  }
  summary.riskScore = evaluatedWeight === 0 ? 0 : Math.round((100 * passedWeight) / evaluatedWeight);
  return summary;
}
