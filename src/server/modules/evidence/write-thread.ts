import { and, eq, ne, sql } from 'drizzle-orm';
import type { AttachmentInput } from '../../../shared/contracts/evidence.js';
import type { Database } from '../../db/client.js';
import { checkResults } from '../../db/schema.js';
import { evidenceThreads, threadMessages } from '../../db/schema-evidence.js';
import { AppError } from '../../errors.js';
import type { Caller } from '../auth/caller.js';
import { recordNotifications, staffUserIds, type StoredNotification } from '../notifications/notify.js';
import { displayName } from '../audits/mappers.js';
import type { Side, ThreadRow } from './access.js';
import { preview, threadPath } from './announce.js';
import { claimFiles, storedAttachments } from './files.js';
import { statusAfter, type ThreadEvent } from './thread-state.js';
import type { EvidenceDeps } from './deps.js';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export const THREAD_IS_RESOLVED = 'This thread is resolved: it takes no more messages or decisions.';

/**
 * Moves the thread for an event, unless it is resolved (docs/decisions/0023): the condition is part of the
 * update, so of two racing events on a resolved thread, or two decisions, only one changes a row; the other
 * gets 409 and its transaction, with everything it wrote, is rolled back.
 */
export async function moveThread(tx: Transaction, threadId: string, event: ThreadEvent): Promise<ThreadRow> {
  const [row] = await tx
    .update(evidenceThreads)
    .set({ status: statusAfter(event), updatedAt: sql`now()` })
    .where(and(eq(evidenceThreads.id, threadId), ne(evidenceThreads.status, 'RESOLVED')))
    .returning();
  if (row === undefined) throw new AppError('THREAD_RESOLVED', THREAD_IS_RESOLVED);
  return row;
}

/** Stores a message with its attachments, claiming its files in the same transaction. */
export async function insertMessage(
  tx: Transaction,
  options: { threadId: string; caller: Caller; side: Side; body: string; attachments?: AttachmentInput[] | undefined },
): Promise<string> {
  const [message] = await tx
    .insert(threadMessages)
    .values({
      threadId: options.threadId,
      authorUserId: options.caller.user.id,
      isAdminMessage: options.side === 'staff',
      body: options.body,
      attachments: storedAttachments(options.attachments),
    })
    .returning({ id: threadMessages.id });
  if (message === undefined) throw new Error('message insert returned no row');
  await claimFiles(tx, { messageId: message.id, uploaderId: options.caller.user.id, attachments: options.attachments });
  return message.id;
}

/** What a thread is about, as notifications name it. */
export async function subjectOf(
  db: Pick<Database, 'select'>,
  thread: Pick<ThreadRow, 'auditId' | 'checkId'>,
  serverName: string,
): Promise<string> {
  const [check] = await db
    .select({ checkName: checkResults.checkName })
    .from(checkResults)
    .where(and(eq(checkResults.auditId, thread.auditId), eq(checkResults.checkId, thread.checkId)))
    .limit(1);
  return `${check?.checkName ?? thread.checkId} on ${serverName}`;
}

/**
 * Who hears of a message (the author never does): staff of the owner side's messages and evidence, the owner
 * side of staff's. Stored in the message's transaction; pushed after it commits.
 */
export async function notifyOfMessage(
  tx: Transaction,
  deps: Pick<EvidenceDeps, 'config'>,
  options: {
    thread: ThreadRow;
    caller: Caller;
    side: Side;
    ownerSide: readonly string[];
    subject: string;
    body: string;
    evidence: boolean;
  },
): Promise<StoredNotification[]> {
  const { thread, caller } = options;
  const others = (ids: readonly string[]) => ids.filter((id) => id !== caller.user.id);
  const actionUrl = threadPath(thread.id);
  const quote = `“${preview(options.body)}”`;
  if (options.side === 'staff') {
    return recordNotifications(tx, others(options.ownerSide), {
      type: 'ADMIN_FEEDBACK',
      title: 'Admin Reply',
      message: `Rampart staff replied about ${options.subject}: ${quote}`,
      actionUrl,
      threadId: thread.id,
    });
  }
  const who = displayName(caller.user);
  return recordNotifications(tx, others(await staffUserIds(tx, deps.config)), {
    type: 'EVIDENCE_SUBMITTED',
    title: options.evidence ? 'New Evidence Submitted' : 'Owner Reply',
    message: options.evidence
      ? `${who} submitted evidence on ${options.subject} for review: ${quote}`
      : `${who} replied about ${options.subject}: ${quote}`,
    actionUrl,
    threadId: thread.id,
  });
}
