import { and, asc, desc, eq, exists, or, type SQL } from 'drizzle-orm';
import type { CsuVerificationRow } from '../../../shared/contracts/admin-staff.js';
import { effectiveCertificateStatus } from '../../../shared/certificate-rules.js';
import type { Database } from '../../db/client.js';
import { audits, servers, userServers } from '../../db/schema.js';
import { certificates, csuVerifications } from '../../db/schema-staff.js';

type Reader = Pick<Database, 'select' | 'selectDistinctOn'>;

/**
 * The CSU verification rows of the servers `where` selects: each server's last completed audit, its
 * current certificate (the newest; its status as a reader sees it, so an issued one past its validity
 * reads expired) and staff's decision, if any.
 */
async function csuRows(db: Reader, where: SQL | undefined, now: Date): Promise<CsuVerificationRow[]> {
  const lastAudit = db
    .selectDistinctOn([audits.serverId], {
      serverId: audits.serverId,
      riskScore: audits.riskScore,
      completedAt: audits.completedAt,
    })
    .from(audits)
    .where(eq(audits.status, 'completed'))
    .orderBy(audits.serverId, desc(audits.completedAt), desc(audits.createdAt))
    .as('last_audit');
  const currentCertificate = db
    .selectDistinctOn([certificates.serverId], {
      serverId: certificates.serverId,
      status: certificates.status,
      validUntil: certificates.validUntil,
    })
    .from(certificates)
    .orderBy(certificates.serverId, desc(certificates.createdAt), desc(certificates.id))
    .as('current_certificate');
  const rows = await db
    .select({
      id: servers.id,
      name: servers.name,
      ownerId: servers.ownerDiscordId,
      riskScore: lastAudit.riskScore,
      completedAt: lastAudit.completedAt,
      certificateStatus: currentCertificate.status,
      certificateValidUntil: currentCertificate.validUntil,
      decision: csuVerifications,
    })
    .from(servers)
    .leftJoin(lastAudit, eq(lastAudit.serverId, servers.id))
    .leftJoin(currentCertificate, eq(currentCertificate.serverId, servers.id))
    .leftJoin(csuVerifications, eq(csuVerifications.serverId, servers.id))
    .where(where)
    .orderBy(asc(servers.name), asc(servers.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    ownerId: row.ownerId,
    auditRiskScore: row.riskScore,
    lastAuditDate: row.completedAt?.toISOString() ?? null,
    certificateStatus:
      row.certificateStatus === null
        ? null
        : effectiveCertificateStatus(row.certificateStatus, row.certificateValidUntil, now),
    csulVerified: row.decision?.verified ?? null,
    adminNotes: row.decision?.adminNotes ?? null,
    decidedAt: row.decision?.decidedAt.toISOString() ?? null,
  }));
}

/**
 * One row per server that staff could verify: one that has been audited (whatever the outcome) or has an
 * owner linked to Rampart. A server only a manager ever listed, never audited, has nobody to verify yet.
 */
export async function listCsuVerification(db: Reader, now: Date): Promise<CsuVerificationRow[]> {
  const audited = exists(db.select({ id: audits.id }).from(audits).where(eq(audits.serverId, servers.id)));
  const ownerLinked = exists(
    db
      .select({ userId: userServers.userId })
      .from(userServers)
      .where(and(eq(userServers.serverId, servers.id), eq(userServers.isOwner, true))),
  );
  return csuRows(db, or(audited, ownerLinked), now);
}

/** The row of one stored server, whether or not the list would show it; undefined for an unknown id. */
export async function csuRowOf(db: Reader, serverId: string, now: Date): Promise<CsuVerificationRow | undefined> {
  const [row] = await csuRows(db, eq(servers.id, serverId), now);
  return row;
}
