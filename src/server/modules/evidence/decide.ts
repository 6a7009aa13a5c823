import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DecisionResponse } from '../../../shared/contracts/evidence.js';
import type { EvidenceDecision } from '../../../shared/evidence-rules.js';
import { audits, checkResults, servers } from '../../db/schema.js';
import { evidenceSubmissions, threadMessages, waivers } from '../../db/schema-evidence.js';
import { AppError, notFound } from '../../errors.js';
import type { Caller } from '../auth/caller.js';
import { usersOfServer } from '../audits/access.js';
import { listCheckResults } from '../audits/audit-reads.js';
import { toAudit } from '../audits/mappers.js';
import { rescoreAudit } from '../audits/rescore.js';
import { recordNotifications } from '../notifications/notify.js';
import { type ThreadRow, findDecidableThread } from './access.js';
import { announce, publication, threadAudience, threadPath } from './announce.js';
import type { EvidenceDeps } from './deps.js';
import { DECISION_STATUS_MISMATCH, decisionStatusAgrees } from './thread-state.js';
import { evidenceViews, messageViews, threadView } from './views.js';
import { insertMessage, moveThread, subjectOf, type Transaction } from './write-thread.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_NOTES: Record<EvidenceDecision, string> = {
  APPROVED: 'Evidence approved: this check is waived.',
  REJECTED: 'Evidence rejected: this check stays failed.',
};
const DEFAULT_WAIVE_REASON = 'Rampart staff approved the evidence submitted for this check.';

export interface DecideOptions {
  caller: Caller;
  decision: EvidenceDecision;
  status?: 'WAIVED' | 'PASS' | 'FAIL' | undefined;
  waiveReason?: string | undefined;
  notes?: string | undefined;
}

/**
 * The waiver an approval grants, and its effect on this audit: the check becomes WAIVED (the engine's
 * finding kept) and the audit's score and counts are recomputed with the engine's formula, as a staff
 * override does (check-overrides.ts), in the decision's transaction.
 */
async function grantWaiver(
  tx: Transaction,
  deps: EvidenceDeps,
  options: { thread: ThreadRow; evidenceId: string; caller: Caller; reason: string },
): Promise<void> {
  const { thread, caller, reason } = options;
  // Lock the audit so concurrent changes to its checks recompute the score one after another.
  await tx.select({ id: audits.id }).from(audits).where(eq(audits.id, thread.auditId)).for('update');
  const grantedAt = deps.now();
  const [waiver] = await tx
    .insert(waivers)
    .values({
      serverId: thread.serverId,
      checkId: thread.checkId,
      reason,
      grantedByUserId: caller.user.id,
      grantedAt,
      expiresAt: new Date(grantedAt.getTime() + deps.config.waiverDays * DAY_MS),
      evidenceId: options.evidenceId,
    })
    .returning();
  if (waiver === undefined) throw new Error('waiver insert returned no row');
  await tx
    .update(checkResults)
    .set({
      status: 'WAIVED',
      waiveReason: reason,
      waiverId: waiver.id,
      waiverExpiresAt: waiver.expiresAt,
      overrideKind: 'staff',
      overrideReason: reason,
      overriddenByUserId: caller.user.id,
      overriddenAt: grantedAt,
    })
    .where(and(eq(checkResults.auditId, thread.auditId), eq(checkResults.checkId, thread.checkId)));
  await rescoreAudit(tx, thread.auditId, grantedAt);
}

/**
 * Staff's decision on a thread's evidence (docs/decisions/0023): the pending evidence gets the verdict, the
 * notes become staff's message, the thread resolves, and an approval grants a waiver, all in one
 * transaction; a second decision finds the thread resolved (409) and writes nothing.
 */
export async function decideThread(
  deps: EvidenceDeps,
  options: DecideOptions & { threadId: string },
): Promise<z.infer<typeof DecisionResponse>> {
  const { db } = deps;
  const { caller, decision } = options;
  const found = await findDecidableThread(db, caller, options.threadId);
  if (!decisionStatusAgrees(decision, options.status)) throw new AppError('BAD_REQUEST', DECISION_STATUS_MISMATCH);
  const notes = options.notes?.trim() || null;
  const [server] = await db.select({ name: servers.name }).from(servers).where(eq(servers.id, found.serverId));
  const ownerSide = await usersOfServer(db, found.serverId);

  const written = await db.transaction(async (tx) => {
    const thread = await moveThread(tx, found.id, 'decision');
    const pending = and(eq(evidenceSubmissions.threadId, thread.id), eq(evidenceSubmissions.status, 'PENDING'));
    const [latest] = await tx
      .select({ id: evidenceSubmissions.id })
      .from(evidenceSubmissions)
      .where(pending)
      .orderBy(desc(evidenceSubmissions.createdAt), desc(evidenceSubmissions.id))
      .limit(1);
    if (latest === undefined) throw new Error(`thread ${thread.id} is unresolved without pending evidence`);
    // Earlier evidence still pending in the thread was part of the same dispute: it shares the verdict.
    await tx
      .update(evidenceSubmissions)
      .set({ status: decision, reviewNotes: notes, reviewedByUserId: caller.user.id, reviewedAt: deps.now() })
      .where(pending);
    const messageId = await insertMessage(tx, {
      threadId: thread.id,
      caller,
      side: 'staff',
      body: notes ?? DEFAULT_NOTES[decision],
    });
    if (decision === 'APPROVED') {
      const reason = options.waiveReason?.trim() || notes || DEFAULT_WAIVE_REASON;
      await grantWaiver(tx, deps, { thread, evidenceId: latest.id, caller, reason });
    }
    const subject = await subjectOf(tx, thread, server?.name ?? 'your server');
    const stored = await recordNotifications(
      tx,
      ownerSide.filter((id) => id !== caller.user.id),
      {
        type: 'EVIDENCE_REVIEWED',
        title: decision === 'APPROVED' ? 'Evidence approved' : 'Evidence rejected',
        message:
          decision === 'APPROVED'
            ? `Your evidence on ${subject} was approved: the check is waived.`
            : `Your evidence on ${subject} was rejected: the check stays failed.`,
        actionUrl: threadPath(thread.id),
        threadId: thread.id,
      },
    );
    const [audit] = await tx.select().from(audits).where(eq(audits.id, thread.auditId));
    if (audit === undefined) throw new Error(`audit ${thread.auditId} vanished`);
    return { evidenceId: latest.id, messageId, audit: toAudit(audit), notifications: stored };
  });

  // The read caches have the decision before anyone is told (docs/decisions/0017).
  if (decision === 'APPROVED') await deps.audits.auditChanged(written.audit);
  const [thread, [evidence], [message], checks] = await Promise.all([
    threadView(db, found.id),
    evidenceViews(db, eq(evidenceSubmissions.id, written.evidenceId)),
    messageViews(db, eq(threadMessages.id, written.messageId)),
    listCheckResults(db, found.auditId),
  ]);
  if (evidence === undefined || message === undefined) throw new Error('decided evidence vanished');
  const { audit } = written;
  const auditStatistics = {
    riskScore: audit.riskScore,
    totalChecks: audit.totalChecks,
    passedChecks: audit.passedChecks,
    failedChecks: audit.failedChecks,
    criticalIssues: audit.criticalIssues,
    highIssues: audit.highIssues,
    mediumIssues: audit.mediumIssues,
    lowIssues: audit.lowIssues,
  };
  const audience = threadAudience(thread.id, ownerSide);
  announce(
    deps,
    [
      publication('message.created', { threadId: thread.id, threadStatus: thread.status, message }, audience),
      publication(
        'thread.decision',
        { threadId: thread.id, auditId: audit.id, checkId: thread.checkId, decision, auditStatistics },
        audience,
      ),
    ],
    written.notifications,
  );
  return {
    message: decision === 'APPROVED' ? 'Evidence approved' : 'Evidence rejected',
    thread,
    evidence,
    auditStatistics,
    audit: { ...audit, checkResults: checks },
  };
}

/** POST /api/evidence/{id}/decision: the same act as the decision on the evidence's thread. */
export async function decideEvidence(deps: EvidenceDeps, options: DecideOptions & { evidenceId: string }) {
  const [evidence] = await deps.db
    .select({ threadId: evidenceSubmissions.threadId })
    .from(evidenceSubmissions)
    .where(eq(evidenceSubmissions.id, options.evidenceId))
    .limit(1);
  if (evidence === undefined) throw notFound('Evidence');
  return decideThread(deps, { ...options, threadId: evidence.threadId });
}
