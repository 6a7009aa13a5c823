/**
 * Certificates (issue 11): what a certificate can be, how long it lasts, and what its public page may say.
 * A certificate rests on one completed audit; staff approve it (`issued`), reject it with a reason, or
 * revoke it once issued; a newer certificate of the same server supersedes the older one.
 */

/** The version of the 20-point checklist a certificate's audit was measured against. */
export const CHECKLIST_VERSION = '2026.1';

/** Stored states. `expired` is never stored: an issued certificate reads expired once `validUntil` has passed. */
export const STORED_CERTIFICATE_STATUSES = ['pending', 'issued', 'rejected', 'revoked', 'superseded'] as const;
export type StoredCertificateStatus = (typeof STORED_CERTIFICATE_STATUSES)[number];

export const CERTIFICATE_STATUSES = [...STORED_CERTIFICATE_STATUSES, 'expired'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** An issued certificate is valid this long from its approval. */
export const CERTIFICATE_VALIDITY_DAYS = 365;

/** Prefix of the public certificate id; the rest is 128 random bits in base32 (unguessable). */
export const CERTIFICATE_ID_PREFIX = 'RMP-';
export const CERTIFICATE_ID_PATTERN = /^RMP-[A-Z2-7]{26}$/;

/** The status a reader sees: a stored `issued` past its validity reads `expired`. */
export function effectiveCertificateStatus(
  stored: StoredCertificateStatus,
  validUntil: Date | null,
  now: Date,
): CertificateStatus {
  if (stored === 'issued' && validUntil !== null && validUntil.getTime() <= now.getTime()) return 'expired';
  return stored;
}

/** The public path of a certificate's verification page and of its badge. */
export function verifyPath(certificateId: string): string {
  return `/verify/${certificateId}`;
}
export function badgePath(certificateId: string): string {
  return `/badge/${certificateId}.svg`;
}

/** Staff decisions on a certificate (PUT /api/admin/certificates/{id} carries `issued` or `revoked`). */
export const CERTIFICATE_DECISIONS = ['issued', 'revoked'] as const;
export type CertificateDecision = (typeof CERTIFICATE_DECISIONS)[number];
