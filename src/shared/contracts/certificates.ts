import { z } from 'zod';
import { CERTIFICATE_DECISIONS, CERTIFICATE_STATUSES } from '../certificate-rules.js';
import { IdParams } from './audits.js';
import { endpoint } from './endpoint.js';

export const CertificateStatus = z.enum(CERTIFICATE_STATUSES);
export type CertificateStatus = z.infer<typeof CertificateStatus>;

/** A certificate as its owner and staff see it (part 2 §3, plus what the screen and the public page need). */
export const Certificate = z.object({
  id: z.string(),
  /** The public, unguessable id of /verify/{certificateId} and /badge/{certificateId}.svg. */
  certificateId: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  /** The server owner's display name (staff see whose it is). */
  username: z.string().nullable(),
  status: CertificateStatus,
  riskScore: z.number().int(),
  criticalIssues: z.number().int(),
  csulVerified: z.boolean(),
  auditId: z.string(),
  auditCompletedAt: z.string().nullable(),
  checklistVersion: z.string(),
  rejectionReason: z.string().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  issuedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  /** A PNG data URL of the QR code that encodes `publicUrl`. */
  qrCode: z.string(),
  /** The absolute address of the public verification page. */
  publicUrl: z.string(),
});
export type Certificate = z.infer<typeof Certificate>;

/**
 * What anyone may learn of a certificate from its public id: no owner, no findings, no internal ids.
 * `laterAuditMeetsBar` is null when no audit of the server has completed since the certificate's audit.
 */
export const PublicCertificate = z.object({
  certificateId: z.string(),
  status: CertificateStatus,
  serverName: z.string(),
  riskScore: z.number().int(),
  auditCompletedAt: z.string().nullable(),
  checklistVersion: z.string(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  issuedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  laterAuditMeetsBar: z.boolean().nullable(),
});
export type PublicCertificate = z.infer<typeof PublicCertificate>;

export const ServerIdParams = z.object({ serverId: z.string().uuid('must be a server id') });
export const CertificateIdParams = z.object({ certificateId: z.string().min(1).max(64) });
/** `{certificateId}.svg`. */
export const BadgeParams = z.object({
  file: z.string().regex(/^[A-Za-z0-9-]{1,64}\.svg$/, 'must be {certificateId}.svg'),
});

export const UpdateCertificateRequest = z.object({ status: z.enum(CERTIFICATE_DECISIONS) });
export const RejectCertificateRequest = z.object({
  reason: z.string().trim().min(1, 'A reason is required to reject a certificate.').max(2000),
});

export const listAllCertificates = endpoint({
  name: 'listAllCertificates',
  method: 'GET',
  path: '/api/admin/all-certificates',
  access: 'admin',
  summary: 'Every certificate, pending first, then newest first (staff only).',
  response: z.array(Certificate),
  status: 200,
  errors: ['UNAUTHORIZED', 'FORBIDDEN'],
});

export const getServerCertificate = endpoint({
  name: 'getServerCertificate',
  method: 'GET',
  path: '/api/certificates/:serverId',
  access: 'user',
  summary: "The server's current certificate (issued, else pending, else the latest), or null when it has none.",
  params: ServerIdParams,
  response: Certificate.nullable(),
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND'],
});

export const downloadCertificate = endpoint({
  name: 'downloadCertificate',
  method: 'GET',
  path: '/api/certificates/:id/download',
  access: 'user',
  summary: 'The PDF of an issued certificate, with a QR code of its public page.',
  params: IdParams,
  response: { mediaType: 'application/pdf', description: 'The certificate' },
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND', 'CONFLICT'],
});

export const updateCertificate = endpoint({
  name: 'updateCertificate',
  method: 'PUT',
  path: '/api/admin/certificates/:id',
  access: 'admin',
  summary: 'Approve a pending certificate (`issued`, valid one year) or revoke an issued one (staff only).',
  params: IdParams,
  body: UpdateCertificateRequest,
  response: Certificate,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
});

export const rejectCertificate = endpoint({
  name: 'rejectCertificate',
  method: 'POST',
  path: '/api/admin/certificates/:id/reject',
  access: 'admin',
  summary: 'Reject a pending certificate with a reason; the owner is notified (staff only).',
  params: IdParams,
  body: RejectCertificateRequest,
  response: Certificate,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
});

export const verifyCertificate = endpoint({
  name: 'verifyCertificate',
  method: 'GET',
  path: '/api/public/certificates/:certificateId',
  access: 'public',
  summary: 'Whether a certificate is genuine and current, for its public page (rate limited).',
  params: CertificateIdParams,
  response: PublicCertificate,
  status: 200,
  errors: ['BAD_REQUEST', 'NOT_FOUND', 'RATE_LIMITED'],
});

export const getCertificateBadge = endpoint({
  name: 'getCertificateBadge',
  method: 'GET',
  path: '/badge/:file',
  access: 'public',
  summary: "A small SVG badge with the certificate's status, cacheable for a short time (rate limited).",
  params: BadgeParams,
  response: { mediaType: 'image/svg+xml', description: 'The badge' },
  status: 200,
  errors: ['BAD_REQUEST', 'RATE_LIMITED'],
});
