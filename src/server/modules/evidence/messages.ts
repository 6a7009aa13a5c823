import { and, eq } from 'drizzle-orm';
import type { AttachmentInput, EvidenceThread, ThreadMessage } from '../../../shared/contracts/evidence.js';
import { RESPONDABLE_NOTIFICATION_TYPES } from '../../../shared/evidence-rules.js';
import { servers } from '../../db/schema.js';
import { notifications, threadMessages } from '../../db/schema-evidence.js';
import { AppError, notFound } from '../../errors.js';
import type { Caller } from '../auth/caller.js';
import { usersOfServer } from '../audits/access.js';
import { findReadableThread } from './access.js';
import { announce, publication, threadAudience } from './announce.js';
import type { EvidenceDeps } from './deps.js';
import { validateAttachments } from './evidence-input.js';
import { messageViews, threadView } from './views.js';
import { insertMessage, moveThread, notifyOfMessage, subjectOf, type Transaction } from './write-thread.js';

export interface PostMessageOptions {
  caller: Caller;
  threadId: string;
  content: string;
  attachments?: AttachmentInput[] | undefined;
  /** More to write in the message's transaction (marking the answered notification read). */
  alsoInTransaction?: (tx: Transaction) => Promise<void>;
}

/**
 * A reply in a thread (POST /api/evidence/threads/{id}/messages): staff's waits for the owner side, the owner
 * side's for staff; a resolved thread refuses it (409) and nothing is written.
 */
export async function postMessage(
  deps: EvidenceDeps,
  options: PostMessageOptions,
): Promise<{ thread: EvidenceThread; message: ThreadMessage }> {
  const { db } = deps;
  const { caller } = options;
  const { thread: found, side } = await findReadableThread(db, caller, options.threadId);
  validateAttachments(options.attachments);
  const [server] = await db.select({ name: servers.name }).from(servers).where(eq(servers.id, found.serverId));
  const ownerSide = await usersOfServer(db, found.serverId);

  const written = await db.transaction(async (tx) => {
    const thread = await moveThread(tx, found.id, side === 'staff' ? 'staff-message' : 'owner-message');
    const messageId = await insertMessage(tx, {
      threadId: thread.id,
      caller,
      side,
      body: options.content,
      attachments: options.attachments,
    });
    const stored = await notifyOfMessage(tx, deps, {
      thread,
      caller,
      side,
      ownerSide,
      subject: await subjectOf(tx, thread, server?.name ?? 'your server'),
      body: options.content,
      evidence: false,
    });
    await options.alsoInTransaction?.(tx);
    return { messageId, notifications: stored };
  });

  const [thread, [message]] = await Promise.all([
    threadView(db, found.id),
    messageViews(db, eq(threadMessages.id, written.messageId)),
  ]);
  if (message === undefined) throw new Error('posted message vanished');
  announce(
    deps,
    [
      publication(
        'message.created',
        { threadId: thread.id, threadStatus: thread.status, message },
        threadAudience(thread.id, ownerSide),
      ),
    ],
    written.notifications,
  );
  return { thread, message };
}

export const NOT_RESPONDABLE = 'Only replies from staff and evidence reviews can be answered.';

/**
 * POST /api/notifications/{id}/respond: the answer to a staff reply or a review becomes the caller's message
 * in that thread, and the notification is read, together.
 */
export async function respondToNotification(
  deps: EvidenceDeps,
  options: { caller: Caller; notificationId: string; message: string },
): Promise<{ thread: EvidenceThread; message: ThreadMessage }> {
  const mine = and(eq(notifications.id, options.notificationId), eq(notifications.userId, options.caller.user.id));
  const [notification] = await deps.db.select().from(notifications).where(mine).limit(1);
  if (notification === undefined) throw notFound('Notification');
  if (!RESPONDABLE_NOTIFICATION_TYPES.includes(notification.type)) throw new AppError('BAD_REQUEST', NOT_RESPONDABLE);
  if (notification.threadId === null) throw notFound('Thread');
  return postMessage(deps, {
    caller: options.caller,
    threadId: notification.threadId,
    content: options.message,
    alsoInTransaction: async (tx) => {
      await tx.update(notifications).set({ isRead: true }).where(mine);
    },
  });
}
