import type { Audit, StoredCheckResult } from '../../../shared/contracts/audits';

/** The checklist's size when an audit does not say (part 2 §9). */
export const DEFAULT_TOTAL_CHECKS = 20;

export type ScoreTone = 'good' | 'fair' | 'poor';

/** Part 2 §9: green at 80 or above, yellow at 60 or above, red below. */
export function scoreTone(score: number): ScoreTone {
  if (score >= 80) return 'good';
  if (score >= 60) return 'fair';
  return 'poor';
}

export function totalChecksOf(audit: Pick<Audit, 'totalChecks'>): number {
  return audit.totalChecks > 0 ? audit.totalChecks : DEFAULT_TOTAL_CHECKS;
}

/** Overridden: someone (the owner, self-attested, or staff) put a status of their own on the check. */
export function isOverridden(check: Pick<StoredCheckResult, 'overrideKind'>): boolean {
  return check.overrideKind !== null;
}

/** What the engineer screen lists: checks that failed (whatever an override says now) or that were overridden. */
export function failedOrOverridden(checks: readonly StoredCheckResult[]): StoredCheckResult[] {
  return checks.filter((check) => check.status === 'FAIL' || check.engineStatus === 'FAIL' || isOverridden(check));
}

/** The reason already on record for the check, if any: a staff waiver's, or the override's own. */
export function existingReason(check: Pick<StoredCheckResult, 'waiveReason' | 'overrideReason'>): string | null {
  const reason = check.waiveReason ?? check.overrideReason;
  return reason !== null && reason.trim() !== '' ? reason : null;
}

export type OverrideStatus = 'WAIVED' | 'PASS';

/**
 * The body of PUT /api/checks/{checkId}, or null while the Apply/Update button must stay disabled:
 * a reason is required, the typed one or, when nothing is typed, the existing one (part 2 §5).
 */
export function overrideBody(
  status: OverrideStatus,
  typedReason: string,
  check: Pick<StoredCheckResult, 'waiveReason' | 'overrideReason'>,
): { status: OverrideStatus; waiveReason: string } | null {
  const reason = typedReason.trim() !== '' ? typedReason.trim() : existingReason(check);
  return reason === null ? null : { status, waiveReason: reason };
}

/** The status an override shows: the owner's claim for a self-attested one, the status of record otherwise. */
export function overriddenStatus(check: Pick<StoredCheckResult, 'overrideKind' | 'selfAttestedStatus' | 'status'>) {
  return check.overrideKind === 'self_attested' && check.selfAttestedStatus !== null
    ? check.selfAttestedStatus
    : check.status;
}
