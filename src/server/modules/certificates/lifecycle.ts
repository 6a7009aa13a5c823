import { randomBytes } from 'node:crypto';
import {
  CERTIFICATE_ID_PREFIX,
  CERTIFICATE_VALIDITY_DAYS,
  type CertificateDecision,
  type StoredCertificateStatus,
  effectiveCertificateStatus,
} from '../../../shared/certificate-rules.js';

/**
 * The certificate state machine as pure rules (docs/decisions/0027): which staff decisions a certificate
 * accepts, and what an audit's completion or rescore does to its server's certificates.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `RMP-` and 128 random bits in base32 (26 characters, the last carrying 3 bits): unguessable. */
export function newCertificateId(): string {
  const bytes = randomBytes(16);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  out += BASE32[(value << (5 - bits)) & 31];
  return `${CERTIFICATE_ID_PREFIX}${out}`;
}

export interface CertificateState {
  status: StoredCertificateStatus;
  validUntil: Date | null;
}

export type StaffDecision = CertificateDecision | 'rejected';

export const REFUSED = {
  approveNotPending: (status: string) => `Only a pending certificate can be approved; this one is ${status}.`,
  revokeNotIssued: (status: string) => `Only an issued certificate can be revoked; this one is ${status}.`,
  rejectNotPending: (status: string) => `Only a pending certificate can be rejected; this one is ${status}.`,
} as const;

/** The validity an approval gives: from now, for CERTIFICATE_VALIDITY_DAYS. */
export function validityFrom(now: Date): { validFrom: Date; validUntil: Date } {
  return { validFrom: now, validUntil: new Date(now.getTime() + CERTIFICATE_VALIDITY_DAYS * DAY_MS) };
}

/**
 * Null when `decision` may be applied to the certificate now, else why not (a 409's message). An issued
 * certificate past its validity reads `expired` and can no longer be revoked: it already certifies nothing.
 */
export function refusalOf(certificate: CertificateState, decision: StaffDecision, now: Date): string | null {
  const status = effectiveCertificateStatus(certificate.status, certificate.validUntil, now);
  switch (decision) {
    case 'issued':
      return status === 'pending' ? null : REFUSED.approveNotPending(status);
    case 'revoked':
      return status === 'issued' ? null : REFUSED.revokeNotIssued(status);
    case 'rejected':
      return status === 'pending' ? null : REFUSED.rejectNotPending(status);
  }
}

export interface SyncFacts {
  /** The audit just completed or rescored is its server's latest completed audit. */
  isLatest: boolean;
  eligible: boolean;
  /** The status of the audit's own certificate, if it has one. */
  own: StoredCertificateStatus | null;
  /** Another audit of the server has a pending certificate. */
  otherPending: boolean;
}

/**
 * What an audit's completion or rescore does to its server's certificates:
 * - `create`: a new pending certificate on this audit (any other pending one is superseded first);
 * - `revive`: this audit's withdrawn certificate is pending again (it is the latest and eligible again);
 * - `refresh`: this audit's pending certificate takes the audit's new numbers;
 * - `withdraw`: pending certificates this audit no longer supports become superseded (`all`: also
 *   an older audit's, since the server's latest audit no longer meets the bar);
 * - `none`. Issued, rejected and revoked certificates are never changed here: those are staff's decisions.
 */
export type SyncAction =
  { kind: 'create' | 'revive' | 'refresh' | 'none' } | { kind: 'withdraw'; scope: 'own' | 'all' };

export function syncActionFor(facts: SyncFacts): SyncAction {
  if (!facts.eligible) {
    if (facts.isLatest && (facts.own === 'pending' || facts.otherPending)) return { kind: 'withdraw', scope: 'all' };
    return facts.own === 'pending' ? { kind: 'withdraw', scope: 'own' } : { kind: 'none' };
  }
  if (facts.own === 'pending') return { kind: 'refresh' };
  if (!facts.isLatest) return { kind: 'none' };
  if (facts.own === null) return { kind: 'create' };
  return facts.own === 'superseded' ? { kind: 'revive' } : { kind: 'none' };
}
