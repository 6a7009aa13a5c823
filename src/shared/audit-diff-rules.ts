import type { CheckStatus, Severity } from './audit-contract.js';

export type CheckChangeKind = 'newFailures' | 'fixed' | 'regressed' | 'unchanged';

/**
 * Which list of a difference a check belongs to, from its status of record before (null: the earlier audit
 * did not have it) and after, and whether findings appeared in it. One rule for the diff endpoint, the PDF
 * and the drift alert, so they never disagree.
 */
export function classifyCheckChange(
  before: CheckStatus | null,
  after: CheckStatus,
  findingsAppeared: boolean,
): CheckChangeKind {
  if (after === 'FAIL') {
    if (before !== 'FAIL') return 'newFailures';
    return findingsAppeared ? 'regressed' : 'unchanged';
  }
  if (before === 'FAIL') return 'fixed';
  if (after === 'UNKNOWN' && (before === 'PASS' || before === 'WAIVED')) return 'regressed';
  return 'unchanged';
}

/** Severities whose new failure raises a drift alert whatever the score did. */
export const ALERTING_SEVERITIES: readonly Severity[] = ['CRITICAL', 'HIGH'];
