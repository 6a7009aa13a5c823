import { and, eq } from 'drizzle-orm';
import type { Certificate } from '../../../shared/contracts/certificates.js';
import { certificates } from '../../db/schema-staff.js';
import { servers } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { AppError, notFound } from '../../errors.js';
import type { Caller } from '../auth/caller.js';
import { usersOfServer } from '../audits/access.js';
import { type NewNotification, recordNotifications, type StoredNotification } from '../notifications/notify.js';
import { recordStaffAction } from '../staff-actions/record.js';
import { refusalOf, type StaffDecision, validityFrom } from './lifecycle.js';
import { type CertificateDeps, certificateById } from './service.js';
import { toCertificate } from './views.js';

type CertificateRow = typeof certificates.$inferSelect;

export type DecisionInput = { caller: Caller; id: string } & (
  { decision: 'issued' | 'revoked' } | { decision: 'rejected'; reason: string }
);

/** The audit trail's action (`certificate.<verb>`) and the word its summary starts with. */
const WORDS: Record<StaffDecision, { verb: string; done: string }> = {
  issued: { verb: 'approve', done: 'Approved' },
  revoked: { verb: 'revoke', done: 'Revoked' },
  rejected: { verb: 'reject', done: 'Rejected' },
};

const RACED = 'Another decision on this server’s certificates was taken at the same moment. Reload and try again.';

function changeOf(input: DecisionInput, now: Date): Partial<CertificateRow> {
  const decided = { decidedByUserId: input.caller.user.id, decidedAt: now };
  switch (input.decision) {
    case 'issued':
      return { status: 'issued', ...validityFrom(now), issuedAt: now, ...decided };
    case 'revoked':
      return { status: 'revoked', revokedAt: now, ...decided };
    case 'rejected':
      return { status: 'rejected', rejectionReason: input.reason, ...decided };
  }
}

function noticeOf(input: DecisionInput, serverName: string, validUntil: Date | null): NewNotification {
  const about = { type: 'CERTIFICATE_REVIEW', actionUrl: '/certificates' } as const;
  switch (input.decision) {
    case 'issued':
      return {
        ...about,
        title: 'Certificate Issued',
        message: `The security certificate of ${serverName} has been approved. It is valid until ${validUntil?.toISOString().slice(0, 10) ?? 'further notice'}.`,
      };
    case 'revoked':
      return {
        ...about,
        title: 'Certificate Revoked',
        message: `Rampart staff revoked the security certificate of ${serverName}. Its public page now says it is revoked.`,
      };
    case 'rejected':
      return {
        ...about,
        title: 'Certificate Rejected',
        message: `Rampart staff rejected the security certificate of ${serverName}. Reason: ${input.reason}`,
      };
  }
}

/**
 * Staff's decision on a certificate (docs/decisions/0027): approve a pending one (valid one year from now;
 * the server's issued certificate is superseded in the same transaction), revoke an issued one that has
 * not expired, or reject a pending one with a reason. The server's row is locked first, so decisions and
 * certificate syncs of one server apply in turn: of two simultaneous approvals exactly one succeeds and
 * the other finds the certificate issued (409). The decision, its audit-trail entry and the owner side's
 * notification commit together; push the notifications once this returns.
 */
export async function decideCertificate(
  deps: CertificateDeps,
  input: DecisionInput,
): Promise<{ certificate: Certificate; notifications: StoredNotification[] }> {
  const { db } = deps;
  const now = deps.now();
  const [target] = await db
    .select({ serverId: certificates.serverId, serverName: servers.name })
    .from(certificates)
    .innerJoin(servers, eq(servers.id, certificates.serverId))
    .where(eq(certificates.id, input.id));
  if (target === undefined) throw notFound('Certificate');
  try {
    const notifications = await db.transaction(async (tx) => {
      await tx.select({ id: servers.id }).from(servers).where(eq(servers.id, target.serverId)).for('no key update');
      const [current] = await tx.select().from(certificates).where(eq(certificates.id, input.id)).for('update');
      if (current === undefined) throw notFound('Certificate');
      const refusal = refusalOf(current, input.decision, now);
      if (refusal !== null) throw new AppError('CONFLICT', refusal);
      if (input.decision === 'issued') {
        await tx
          .update(certificates)
          .set({ status: 'superseded', supersededAt: now })
          .where(and(eq(certificates.serverId, current.serverId), eq(certificates.status, 'issued')));
      }
      const [updated] = await tx
        .update(certificates)
        .set(changeOf(input, now))
        .where(eq(certificates.id, current.id))
        .returning();
      if (updated === undefined) throw new Error('certificate update returned no row');
      await recordStaffAction(tx, {
        actor: input.caller.user,
        action: `certificate.${WORDS[input.decision].verb}`,
        targetType: 'certificate',
        targetId: current.certificateId,
        summary: `${WORDS[input.decision].done} the certificate ${current.certificateId} of ${target.serverName}.`,
        before: { status: current.status },
        after: {
          status: updated.status,
          ...(input.decision === 'rejected' ? { reason: input.reason } : {}),
          ...(input.decision === 'issued' ? { validUntil: updated.validUntil?.toISOString() ?? null } : {}),
        },
      });
      return recordNotifications(
        tx,
        await usersOfServer(tx, current.serverId),
        noticeOf(input, target.serverName, updated.validUntil),
      );
    });
    const certificate = await toCertificate(await certificateById(db, input.id), deps.publicUrl, now);
    return { certificate, notifications };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', RACED, { cause: error });
    throw error;
  }
}
