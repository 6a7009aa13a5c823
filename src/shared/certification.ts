import { CERTIFICATE_MIN_SCORE, countsAsPassed, type CheckStatus } from './audit-contract.js';

/**
 * Who changed a check's status after the engine (docs/decisions/0009): Rampart staff (a staff
 * decision, which counts like an engine result) or the server's owner (self-attested, which is shown
 * but never counts toward the score of record or a certificate).
 */
export const OVERRIDE_KINDS = ['self_attested', 'staff'] as const;
export type OverrideKind = (typeof OVERRIDE_KINDS)[number];

/** An owner's override must say why in at least this many non-blank characters. */
export const MIN_SELF_ATTESTED_REASON_LENGTH = 10;

export interface OverridableCheck {
  status: CheckStatus;
  /** What the engine found; never changed by an override. */
  engineStatus: CheckStatus;
  overrideKind: OverrideKind | null;
}

/**
 * The status that counts for the score of record and for certification: the engine's finding, or a
 * staff decision. A self-attested override is a claim by the owner, so the engine's finding stands.
 */
export function statusOfRecord(check: OverridableCheck): CheckStatus {
  return check.overrideKind === 'self_attested' ? check.engineStatus : check.status;
}

/** A check helps toward a certificate only when the engine passed it or staff passed or waived it. */
export function countsTowardCertification(check: OverridableCheck): boolean {
  return countsAsPassed(statusOfRecord(check));
}

/** Non-blank characters of an owner's reason, the measure of MIN_SELF_ATTESTED_REASON_LENGTH. */
export function nonBlankLength(reason: string | null | undefined): number {
  return (reason ?? '').replace(/\s/g, '').length;
}

/**
 * Certificate eligibility (a score of 90 or more and no critical issue), read from the
 * audit's numbers of record, which already leave self-attested overrides out.
 */
export function isCertificateEligible(audit: {
  status: string;
  riskScore: number | null;
  criticalIssues: number;
}): boolean {
  return (
    audit.status === 'completed' &&
    audit.riskScore !== null &&
    audit.riskScore >= CERTIFICATE_MIN_SCORE &&
    audit.criticalIssues === 0
  );
}
