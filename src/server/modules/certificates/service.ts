import { eq } from 'drizzle-orm';
import { effectiveCertificateStatus } from '../../../shared/certificate-rules.js';
import type { Certificate } from '../../../shared/contracts/certificates.js';
import type { Database } from '../../db/client.js';
import { certificates } from '../../db/schema-staff.js';
import { servers } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Caller } from '../auth/caller.js';
import { findAccessibleServer } from '../audits/access.js';
import { type CertificateRecord, certificateRecords, toCertificate } from './views.js';

/** What the certificate services need besides their input: the database, the site's address and the clock. */
export interface CertificateDeps {
  db: Database;
  publicUrl: string;
  now(): Date;
}

/** Every certificate for staff: pending ones first (they wait for a decision), then newest first. */
export async function listAllCertificates(deps: CertificateDeps): Promise<Certificate[]> {
  const records = await certificateRecords(deps.db, undefined);
  records.sort(
    (a, b) =>
      Number(b.certificate.status === 'pending') - Number(a.certificate.status === 'pending') ||
      b.certificate.createdAt.getTime() - a.certificate.createdAt.getTime(),
  );
  const now = deps.now();
  return Promise.all(records.map((record) => toCertificate(record, deps.publicUrl, now)));
}

/**
 * The certificate that stands for the server: the issued one while it is valid, else the pending one,
 * else the newest (an expired, revoked, rejected or superseded one says why there is none). Null when the
 * server never had one. Access as for its audits: the owner side and staff; anyone else gets 404.
 */
export async function getServerCertificate(
  deps: CertificateDeps,
  input: { caller: Caller; serverId: string },
): Promise<Certificate | null> {
  await findAccessibleServer(deps.db, input.caller, input.serverId);
  const now = deps.now();
  const records = await certificateRecords(deps.db, eq(certificates.serverId, input.serverId));
  const statusOf = (record: CertificateRecord) =>
    effectiveCertificateStatus(record.certificate.status, record.certificate.validUntil, now);
  const newestFirst = records.sort((a, b) => b.certificate.createdAt.getTime() - a.certificate.createdAt.getTime());
  const chosen =
    newestFirst.find((record) => statusOf(record) === 'issued') ??
    newestFirst.find((record) => statusOf(record) === 'pending') ??
    newestFirst[0];
  return chosen === undefined ? null : toCertificate(chosen, deps.publicUrl, now);
}

/** One certificate by its internal id, in the shape its views take. */
export async function certificateById(db: Pick<Database, 'select'>, id: string): Promise<CertificateRecord> {
  const [record] = await certificateRecords(db, eq(certificates.id, id));
  if (record === undefined) throw notFound('Certificate');
  return record;
}

/**
 * What the PDF of a certificate shows, for the owner side or staff, once it is issued and still valid;
 * anyone else gets 404 (no hint that it exists), any other status 409.
 */
export async function downloadableCertificate(
  deps: CertificateDeps,
  input: { caller: Caller; id: string },
): Promise<Certificate> {
  const [row] = await deps.db
    .select({ serverId: certificates.serverId })
    .from(certificates)
    .innerJoin(servers, eq(servers.id, certificates.serverId))
    .where(eq(certificates.id, input.id));
  if (row === undefined) throw notFound('Certificate');
  await findAccessibleServer(deps.db, input.caller, row.serverId).catch(() => {
    throw notFound('Certificate');
  });
  const certificate = await toCertificate(await certificateById(deps.db, input.id), deps.publicUrl, deps.now());
  if (certificate.status !== 'issued') {
    throw new AppError('CONFLICT', `Only an issued certificate can be downloaded; this one is ${certificate.status}.`);
  }
  return certificate;
}
