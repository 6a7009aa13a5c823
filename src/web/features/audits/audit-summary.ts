import type { Severity } from '../../../shared/audit-contract';
import { countsAsPassed } from '../../../shared/check-rules';
import type { Audit, StoredCheckResult } from '../../../shared/contracts/audits';
import { isAuditActive } from '../../../shared/contracts/audit-status';

export const CHECK_FILTERS = [
  { id: 'all', label: 'All' },
  { id: 'critical', label: 'Critical', severity: 'CRITICAL' },
  { id: 'high', label: 'High', severity: 'HIGH' },
  { id: 'medium', label: 'Medium', severity: 'MEDIUM' },
  { id: 'low', label: 'Low', severity: 'LOW' },
  { id: 'passed', label: 'Passed' },
] as const satisfies readonly { id: string; label: string; severity?: Severity }[];

export type CheckFilter = (typeof CHECK_FILTERS)[number]['id'];

type CheckLike = Pick<StoredCheckResult, 'severity' | 'status'>;

const SEVERITY_OF_FILTER: Partial<Record<CheckFilter, Severity>> = {
  critical: 'CRITICAL',
  high: 'HIGH',
  medium: 'MEDIUM',
  low: 'LOW',
};

/** The severity chips list failed checks of that severity; Passed lists passed and waived ones. */
export function matchesFilter(check: CheckLike, filter: CheckFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'passed') return countsAsPassed(check.status);
  return check.status === 'FAIL' && check.severity === SEVERITY_OF_FILTER[filter];
}

export function filterChecks<T extends CheckLike>(checks: readonly T[], filter: CheckFilter): T[] {
  return checks.filter((check) => matchesFilter(check, filter));
}

export function filterCounts(checks: readonly CheckLike[]): Record<CheckFilter, number> {
  const counts: Record<CheckFilter, number> = { all: 0, critical: 0, high: 0, medium: 0, low: 0, passed: 0 };
  for (const { id } of CHECK_FILTERS) counts[id] = filterChecks(checks, id).length;
  return counts;
}

export type RiskBadgeVariant = 'default' | 'secondary' | 'destructive';

/** History badge thresholds: 90 and 70. */
export function riskBadgeVariant(score: number): RiskBadgeVariant {
  if (score >= 90) return 'default';
  if (score >= 70) return 'secondary';
  return 'destructive';
}

/** Rounded share of passed checks; 0 when there are none. */
export function passedPercent(passed: number, total: number): number {
  return total > 0 ? Math.round((passed / total) * 100) : 0;
}

/** Dashboard "Critical Issues": failed checks of CRITICAL or HIGH severity. */
export function criticalFailures<T extends CheckLike>(checks: readonly T[]): T[] {
  return checks.filter(
    (check) => check.status === 'FAIL' && (check.severity === 'CRITICAL' || check.severity === 'HIGH'),
  );
}

export const REPORT_PASSED_PREVIEW = 5;

/** Mobile report dialog: the first five passed checks and every failed one. */
export function reportChecks<T extends CheckLike>(checks: readonly T[]): { passed: T[]; failed: T[] } {
  return {
    passed: checks.filter((check) => countsAsPassed(check.status)).slice(0, REPORT_PASSED_PREVIEW),
    failed: checks.filter((check) => check.status === 'FAIL'),
  };
}

export interface AuditPicks<T extends Pick<Audit, 'status'>> {
  /** The first (newest) audit of the list, whatever its state. */
  latest: T | undefined;
  /** The newest audit with results to show. */
  latestCompleted: T | undefined;
  /** The audit in progress, when there is one. */
  active: T | undefined;
}

/** Lists arrive newest first; a run in progress must not hide the results of the previous one. */
export function pickAudits<T extends Pick<Audit, 'status'>>(audits: readonly T[] | undefined): AuditPicks<T> {
  const list = audits ?? [];
  return {
    latest: list[0],
    latestCompleted: list.find((audit) => audit.status === 'completed'),
    active: list.find((audit) => isAuditActive(audit.status)),
  };
}

/** Failed checks per severity, for the severity chart; read from the audit's own counters. */
export function failuresBySeverity(audit: Pick<Audit, 'criticalIssues' | 'highIssues' | 'mediumIssues' | 'lowIssues'>) {
  return [
    { severity: 'CRITICAL', label: 'Critical', count: audit.criticalIssues },
    { severity: 'HIGH', label: 'High', count: audit.highIssues },
    { severity: 'MEDIUM', label: 'Medium', count: audit.mediumIssues },
    { severity: 'LOW', label: 'Low', count: audit.lowIssues },
  ] as const satisfies readonly { severity: Severity; label: string; count: number }[];
}
