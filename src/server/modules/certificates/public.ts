import { and, desc, eq, gt } from 'drizzle-orm';
import {
  type CertificateStatus,
  CERTIFICATE_ID_PATTERN,
  effectiveCertificateStatus,
} from '../../../shared/certificate-rules.js';
import { isCertificateEligible } from '../../../shared/certification.js';
import type { PublicCertificate } from '../../../shared/contracts/certificates.js';
import type { Database } from '../../db/client.js';
import { certificates } from '../../db/schema-staff.js';
import { audits, servers } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/**
 * What anyone may learn from a certificate's public id (docs/decisions/0027): whether it is genuine, its
 * status, the server's name, the score, date and checklist of the audit it rests on, its validity, and
 * whether a later audit of the server still meets the bar. Never the owner, findings or internal ids.
 */

export const UNKNOWN_CERTIFICATE = 'No Rampart certificate has this id.';

/** The certificate with this public id, or null: a malformed id is simply not one of ours. */
async function findByPublicId(db: Database, certificateId: string) {
  if (!CERTIFICATE_ID_PATTERN.test(certificateId)) return null;
  const [row] = await db
    .select({ certificate: certificates, serverName: servers.name, auditCompletedAt: audits.completedAt })
    .from(certificates)
    .innerJoin(servers, eq(servers.id, certificates.serverId))
    .innerJoin(audits, eq(audits.id, certificates.auditId))
    .where(eq(certificates.certificateId, certificateId));
  return row ?? null;
}

/** Null when no audit of the server completed after `after`; else whether the newest such audit is eligible. */
async function laterAuditMeetsBar(db: Database, serverId: string, after: Date | null): Promise<boolean | null> {
  if (after === null) return null;
  const [later] = await db
    .select({ status: audits.status, riskScore: audits.riskScore, criticalIssues: audits.criticalIssues })
    .from(audits)
    .where(and(eq(audits.serverId, serverId), eq(audits.status, 'completed'), gt(audits.completedAt, after)))
    .orderBy(desc(audits.completedAt))
    .limit(1);
  return later === undefined ? null : isCertificateEligible(later);
}

export async function verifyCertificate(db: Database, certificateId: string, now: Date): Promise<PublicCertificate> {
  const found = await findByPublicId(db, certificateId);
  if (found === null) throw new AppError('NOT_FOUND', UNKNOWN_CERTIFICATE);
  const { certificate } = found;
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    certificateId: certificate.certificateId,
    status: effectiveCertificateStatus(certificate.status, certificate.validUntil, now),
    serverName: found.serverName,
    riskScore: certificate.riskScore,
    auditCompletedAt: iso(found.auditCompletedAt),
    checklistVersion: certificate.checklistVersion,
    validFrom: iso(certificate.validFrom),
    validUntil: iso(certificate.validUntil),
    issuedAt: iso(certificate.issuedAt),
    revokedAt: iso(certificate.revokedAt),
    laterAuditMeetsBar: await laterAuditMeetsBar(db, certificate.serverId, found.auditCompletedAt),
  };
}

/** The status a badge shows: the certificate's as of `now`, or null for an id that is not ours. */
export async function badgeStatus(db: Database, certificateId: string, now: Date): Promise<CertificateStatus | null> {
  const found = await findByPublicId(db, certificateId);
  return found === null
    ? null
    : effectiveCertificateStatus(found.certificate.status, found.certificate.validUntil, now);
}
