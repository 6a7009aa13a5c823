import { eq, type SQL } from 'drizzle-orm';
import QRCode from 'qrcode';
import { effectiveCertificateStatus, verifyPath } from '../../../shared/certificate-rules.js';
import type { Certificate } from '../../../shared/contracts/certificates.js';
import type { Database } from '../../db/client.js';
import { certificates, csuVerifications } from '../../db/schema-staff.js';
import { audits, servers, users } from '../../db/schema.js';
import { displayName } from '../audits/mappers.js';

/** A certificate row with what its views show beside it: the server, its owner, its audit and CSU decision. */
export interface CertificateRecord {
  certificate: typeof certificates.$inferSelect;
  serverName: string;
  owner: { username: string; globalName: string | null } | null;
  auditCompletedAt: Date | null;
  csulVerified: boolean | null;
}

/** Certificates matching `where`, each with the server, its owner (when signed in once), audit and CSU row. */
export async function certificateRecords(db: Pick<Database, 'select'>, where: SQL | undefined) {
  const rows = await db
    .select({
      certificate: certificates,
      serverName: servers.name,
      ownerUsername: users.username,
      ownerGlobalName: users.globalName,
      auditCompletedAt: audits.completedAt,
      csulVerified: csuVerifications.verified,
    })
    .from(certificates)
    .innerJoin(servers, eq(servers.id, certificates.serverId))
    .innerJoin(audits, eq(audits.id, certificates.auditId))
    .leftJoin(users, eq(users.discordId, servers.ownerDiscordId))
    .leftJoin(csuVerifications, eq(csuVerifications.serverId, certificates.serverId))
    .where(where);
  return rows.map((row): CertificateRecord => ({
    certificate: row.certificate,
    serverName: row.serverName,
    owner: row.ownerUsername === null ? null : { username: row.ownerUsername, globalName: row.ownerGlobalName },
    auditCompletedAt: row.auditCompletedAt,
    csulVerified: row.csulVerified,
  }));
}

export function publicUrlOf(publicUrl: string, certificateId: string): string {
  return `${publicUrl}${verifyPath(certificateId)}`;
}

/** The QR code of a public URL as a PNG: a data URL for the screen, a Buffer for the PDF. */
export const qrCodeDataUrl = (url: string) => QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2 });
export const qrCodePng = (url: string) => QRCode.toBuffer(url, { errorCorrectionLevel: 'M', margin: 2, scale: 8 });

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The certificate as its owner side and staff see it, its status as of `now` (an old issued one reads expired). */
export async function toCertificate(record: CertificateRecord, publicUrl: string, now: Date): Promise<Certificate> {
  const { certificate } = record;
  const url = publicUrlOf(publicUrl, certificate.certificateId);
  return {
    id: certificate.id,
    certificateId: certificate.certificateId,
    serverId: certificate.serverId,
    serverName: record.serverName,
    username: record.owner === null ? null : displayName(record.owner),
    status: effectiveCertificateStatus(certificate.status, certificate.validUntil, now),
    riskScore: certificate.riskScore,
    criticalIssues: certificate.criticalIssues,
    csulVerified: record.csulVerified ?? false,
    auditId: certificate.auditId,
    auditCompletedAt: iso(record.auditCompletedAt),
    checklistVersion: certificate.checklistVersion,
    rejectionReason: certificate.rejectionReason,
    validFrom: iso(certificate.validFrom),
    validUntil: iso(certificate.validUntil),
    issuedAt: iso(certificate.issuedAt),
    revokedAt: iso(certificate.revokedAt),
    createdAt: certificate.createdAt.toISOString(),
    qrCode: await qrCodeDataUrl(url),
    publicUrl: url,
  };
}
