import type { StoredCheckResult } from '../../../../shared/contracts/audits';

const STATUS_WORDS: Record<StoredCheckResult['status'], string> = {
  FAIL: 'Failed',
  PASS: 'Passed',
  WAIVED: 'Waived',
  UNKNOWN: 'Unknown',
};

/** The checks of an audit to submit test evidence on: failed ones first (what owners dispute), then by name. */
export function checkChoices(checks: readonly StoredCheckResult[]): { value: string; label: string }[] {
  return [...checks]
    .sort(
      (left, right) =>
        Number(right.status === 'FAIL') - Number(left.status === 'FAIL') ||
        left.checkName.localeCompare(right.checkName),
    )
    .map((check) => ({ value: check.checkId, label: `${check.checkName} (${STATUS_WORDS[check.status]})` }));
}
