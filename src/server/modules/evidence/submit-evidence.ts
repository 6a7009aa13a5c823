import { and, eq } from 'drizzle-orm';
import type {
  AttachmentInput,
  EvidenceSubmission,
  EvidenceThread,
  ThreadMessage,
} from '../../../shared/contracts/evidence.js';
import type { CheckId } from '../../../shared/audit-contract.js';
import { statusOfRecord } from '../../../shared/certification.js';
import { manualChecklistFor } from '../../../shared/evidence-rules.js';
import { checkResults } from '../../db/schema.js';
import { evidenceSubmissions, evidenceThreads, threadMessages } from '../../db/schema-evidence.js';
import { AppError, notFound } from '../../errors.js';
import type { Caller } from '../auth/caller.js';
import { findAccessibleAudit, usersOfServer } from '../audits/access.js';
import { announce, publication, threadAudience } from './announce.js';
import type { EvidenceDeps } from './deps.js';
import { submissionType, validateEvidence } from './evidence-input.js';
import { evidenceViews, messageViews, threadView } from './views.js';
import {
  insertMessage,
  moveThread,
  notifyOfMessage,
  subjectOf,
  THREAD_IS_RESOLVED,
  type Transaction,
} from './write-thread.js';

export const AUDIT_NOT_COMPLETED = 'Evidence can be submitted once the audit has completed.';
export const CHECK_NOT_FAILED = 'Evidence can be submitted on a failed check only.';

export interface SubmitEvidenceOptions {
  caller: Caller;
  auditId: string;
  checkId: CheckId;
  content: string;
  description?: string | undefined;
  attachments?: AttachmentInput[] | undefined;
}

/** The check's thread on this audit: the existing one continues (unless resolved), else a new one opens. */
async function openOrContinue(tx: Transaction, options: SubmitEvidenceOptions, serverId: string) {
  const [created] = await tx
    .insert(evidenceThreads)
    .values({
      auditId: options.auditId,
      serverId,
      checkId: options.checkId,
      status: 'PENDING_ADMIN',
      createdByUserId: options.caller.user.id,
    })
    .onConflictDoNothing()
    .returning();
  if (created !== undefined) return { thread: created, created: true };
  const [existing] = await tx
    .select({ id: evidenceThreads.id })
    .from(evidenceThreads)
    .where(and(eq(evidenceThreads.auditId, options.auditId), eq(evidenceThreads.checkId, options.checkId)));
  if (existing === undefined) throw new Error('evidence thread neither inserted nor found');
  return { thread: await moveThread(tx, existing.id, 'evidence'), created: false };
}

/**
 * Submitting evidence (POST /api/evidence/threads): on a failed check of a completed audit the caller may
 * see, the evidence becomes the thread's message and a PENDING submission, with its files claimed and staff
 * notified, in one transaction; then the thread's audience hears of it.
 */
export async function submitEvidence(
  deps: EvidenceDeps,
  options: SubmitEvidenceOptions,
): Promise<{ thread: EvidenceThread; message: ThreadMessage; evidence: EvidenceSubmission }> {
  const { db } = deps;
  const { caller } = options;
  const { audit, server } = await findAccessibleAudit(db, caller, options.auditId);
  if (audit.status !== 'completed') throw new AppError('CONFLICT', AUDIT_NOT_COMPLETED);
  const [check] = await db
    .select()
    .from(checkResults)
    .where(and(eq(checkResults.auditId, audit.id), eq(checkResults.checkId, options.checkId)))
    .limit(1);
  if (check === undefined) throw notFound('Check');
  // A decided check says so first: its thread is closed, whatever the decision made of the check.
  const [existing] = await db
    .select({ status: evidenceThreads.status })
    .from(evidenceThreads)
    .where(and(eq(evidenceThreads.auditId, audit.id), eq(evidenceThreads.checkId, check.checkId)));
  if (existing?.status === 'RESOLVED') throw new AppError('THREAD_RESOLVED', THREAD_IS_RESOLVED);
  if (statusOfRecord(check) !== 'FAIL') throw new AppError('CONFLICT', CHECK_NOT_FAILED);
  validateEvidence({
    checkId: check.checkId,
    requiresManualEvidence: check.requiresManualEvidence || manualChecklistFor(check.checkId) !== undefined,
    content: options.content,
    description: options.description,
    attachments: options.attachments,
  });
  const side = caller.isAdmin ? 'staff' : 'owner';
  const ownerSide = await usersOfServer(db, server.id);

  const written = await db.transaction(async (tx) => {
    const { thread, created } = await openOrContinue(tx, options, server.id);
    const messageId = await insertMessage(tx, {
      threadId: thread.id,
      caller,
      side,
      body: options.content,
      attachments: options.attachments,
    });
    const [evidence] = await tx
      .insert(evidenceSubmissions)
      .values({
        threadId: thread.id,
        messageId,
        auditId: audit.id,
        serverId: server.id,
        checkId: check.checkId,
        type: submissionType(options.attachments),
        content: options.content,
        description: options.description?.trim() || null,
        submittedByUserId: caller.user.id,
      })
      .returning({ id: evidenceSubmissions.id });
    if (evidence === undefined) throw new Error('evidence insert returned no row');
    // Evidence waits for staff whoever sends it, so staff hear of it even when staff sent it for an owner.
    const notifications = await notifyOfMessage(tx, deps, {
      thread,
      caller,
      side: 'owner',
      ownerSide,
      subject: await subjectOf(tx, thread, server.name),
      body: options.content,
      evidence: true,
    });
    return { thread, created, messageId, evidenceId: evidence.id, notifications };
  });

  const [thread, [message], [evidence]] = await Promise.all([
    threadView(db, written.thread.id),
    messageViews(db, eq(threadMessages.id, written.messageId)),
    evidenceViews(db, eq(evidenceSubmissions.id, written.evidenceId)),
  ]);
  if (message === undefined || evidence === undefined) throw new Error('submitted evidence vanished');
  const audience = threadAudience(thread.id, ownerSide);
  announce(
    deps,
    [
      ...(written.created ? [publication('thread.created', { thread }, audience)] : []),
      publication('message.created', { threadId: thread.id, threadStatus: thread.status, message }, audience),
      publication(
        'evidence.submitted',
        { threadId: thread.id, evidenceId: evidence.id, serverName: server.name, checkName: check.checkName },
        { users: [], staff: true },
      ),
    ],
    written.notifications,
  );
  return { thread, message, evidence };
}
