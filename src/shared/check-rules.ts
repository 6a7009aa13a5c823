/**
 * The audit's plain rules on statuses and scores, without schemas, so a page can apply them without loading
 * a validation library; audit-contract.ts builds its schemas on these values and re-exports them.
 */

/** WAIVED is set only by an evidence decision or an admin override, never by the engine. */
export const CHECK_STATUSES = ['PASS', 'FAIL', 'WAIVED', 'UNKNOWN'] as const;
export type CheckStatusValue = (typeof CHECK_STATUSES)[number];

export type PassedStatus = Extract<CheckStatusValue, 'PASS' | 'WAIVED'>;

/**
 * A waived check is an accepted risk, so it counts as passed everywhere: in the score and the
 * counts, toward a certificate, in the Passed chip and the progress bar.
 */
export function countsAsPassed(status: CheckStatusValue): status is PassedStatus {
  return status === 'PASS' || status === 'WAIVED';
}

export const LOW_RISK_MIN_SCORE = 80;
export const CERTIFICATE_MIN_SCORE = 90;

/** Risk labels of the audit detail page, by score band. */
export function riskLabel(score: number): 'Low Risk' | 'Medium Risk' | 'High Risk' | 'Critical Risk' {
  if (score >= LOW_RISK_MIN_SCORE) return 'Low Risk';
  if (score >= 60) return 'Medium Risk';
  if (score >= 40) return 'High Risk';
  return 'Critical Risk';
}
