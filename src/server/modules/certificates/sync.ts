import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import { CHECKLIST_VERSION } from '../../../shared/certificate-rules.js';
import { isCertificateEligible } from '../../../shared/certification.js';
import type { Database } from '../../db/client.js';
import { certificates } from '../../db/schema-staff.js';
import { audits, servers } from '../../db/schema.js';
import { newCertificateId, syncActionFor } from './lifecycle.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Brings the server's certificates in line with an audit that has just completed or been rescored, in
 * the transaction of that change (audits/runner.ts, audits/rescore.ts), so a certificate never rests on
 * numbers that were rolled back. The server's row is locked first (FOR NO KEY UPDATE, which rows that
 * merely reference the server do not wait for): completions and rescores of the same
 * server's audits then sync one after another, and the partial unique indexes (one pending, one issued
 * per server) are never raced. A few indexed reads; nothing is written when nothing changes.
 */
export async function syncCertificate(tx: Transaction, auditId: string, now: Date): Promise<void> {
  const [audit] = await tx.select().from(audits).where(eq(audits.id, auditId));
  if (audit === undefined || audit.status !== 'completed') return;
  await tx.select({ id: servers.id }).from(servers).where(eq(servers.id, audit.serverId)).for('no key update');
  const [latest] = await tx
    .select({ id: audits.id })
    .from(audits)
    .where(and(eq(audits.serverId, audit.serverId), eq(audits.status, 'completed'), isNotNull(audits.completedAt)))
    .orderBy(desc(audits.completedAt), desc(audits.createdAt))
    .limit(1);
  const pending = await tx
    .select({ id: certificates.id, auditId: certificates.auditId })
    .from(certificates)
    .where(and(eq(certificates.serverId, audit.serverId), eq(certificates.status, 'pending')));
  const [own] = await tx
    .select({ id: certificates.id, status: certificates.status })
    .from(certificates)
    .where(eq(certificates.auditId, auditId));
  const action = syncActionFor({
    isLatest: latest?.id === auditId,
    eligible: isCertificateEligible(audit),
    own: own?.status ?? null,
    otherPending: pending.some((row) => row.auditId !== auditId),
  });
  const numbers = { riskScore: audit.riskScore ?? 0, criticalIssues: audit.criticalIssues };
  const supersedePending = (except?: string) =>
    tx
      .update(certificates)
      .set({ status: 'superseded', supersededAt: now })
      .where(
        and(
          eq(certificates.serverId, audit.serverId),
          eq(certificates.status, 'pending'),
          ...(except === undefined ? [] : [ne(certificates.auditId, except)]),
        ),
      );

  switch (action.kind) {
    case 'none':
      return;
    case 'refresh':
      await tx.update(certificates).set(numbers).where(eq(certificates.auditId, auditId));
      return;
    case 'withdraw':
      if (action.scope === 'all') await supersedePending();
      else
        await tx
          .update(certificates)
          .set({ status: 'superseded', supersededAt: now })
          .where(and(eq(certificates.auditId, auditId), eq(certificates.status, 'pending')));
      return;
    case 'revive':
      await supersedePending(auditId);
      await tx
        .update(certificates)
        .set({ ...numbers, status: 'pending', supersededAt: null })
        .where(eq(certificates.auditId, auditId));
      return;
    case 'create':
      await supersedePending(auditId);
      await tx.insert(certificates).values({
        certificateId: newCertificateId(),
        serverId: audit.serverId,
        auditId,
        status: 'pending',
        ...numbers,
        checklistVersion: CHECKLIST_VERSION,
        createdAt: now,
      });
  }
}
