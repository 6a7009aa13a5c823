import type { StoredCheckResult } from '../../../shared/contracts/audits';
import { CHECK_FILTERS, type CheckFilter } from './audit-summary';

/** The /audits query parameter that preselects a checklist filter. */
export const FILTER_PARAM = 'filter';

export function parseCheckFilter(value: string | null): CheckFilter {
  return CHECK_FILTERS.find((filter) => filter.id === value)?.id ?? 'all';
}

/**
 * Where 'View Issues' leads: the server's checklist filtered to its most severe failures (critical,
 * else high, the two severities the dashboard alert counts), scrolled into view.
 */
export function issuesHref(
  serverId: string,
  checks: readonly Pick<StoredCheckResult, 'severity' | 'status'>[],
): string {
  const criticalFailed = checks.some((check) => check.status === 'FAIL' && check.severity === 'CRITICAL');
  const query = new URLSearchParams({ server: serverId, [FILTER_PARAM]: criticalFailed ? 'critical' : 'high' });
  return `/audits?${query.toString()}#security-checklist`;
}
