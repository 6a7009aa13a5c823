import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userServers } from '../../db/schema.js';
import { evidenceThreads } from '../../db/schema-evidence.js';
import { AppError, notFound } from '../../errors.js';
import type { Caller } from '../auth/caller.js';
import type { Reader } from './views.js';

export type ThreadRow = typeof evidenceThreads.$inferSelect;

/** Staff decide and answer as staff, even on a server they own; the owner side is whoever may manage it. */
export type Side = 'staff' | 'owner';

/** Whether Discord last reported the user owning or managing the server (the audits' access rule). */
export async function managesServer(db: Reader, userId: string, serverId: string): Promise<boolean> {
  const [link] = await db
    .select({ userId: userServers.userId })
    .from(userServers)
    .where(and(eq(userServers.userId, userId), eq(userServers.serverId, serverId)))
    .limit(1);
  return link !== undefined;
}

/** The thread and the side the caller writes on; anyone else gets "not found", so ids leak nothing. */
export async function findReadableThread(
  db: Database,
  caller: Caller,
  threadId: string,
): Promise<{ thread: ThreadRow; side: Side }> {
  const [thread] = await db.select().from(evidenceThreads).where(eq(evidenceThreads.id, threadId)).limit(1);
  if (thread === undefined) throw notFound('Thread');
  if (caller.isAdmin) return { thread, side: 'staff' };
  if (!(await managesServer(db, caller.user.id, thread.serverId))) throw notFound('Thread');
  return { thread, side: 'owner' };
}

export const STAFF_ONLY_DECISION = 'Only Rampart staff can approve or reject evidence.';

/** Deciding is staff's: someone who may read the thread is refused (403), anyone else finds nothing (404). */
export async function findDecidableThread(db: Database, caller: Caller, threadId: string): Promise<ThreadRow> {
  const { thread, side } = await findReadableThread(db, caller, threadId);
  if (side !== 'staff') throw new AppError('FORBIDDEN', STAFF_ONLY_DECISION);
  return thread;
}

/** Someone asking to read a thread outside a request (a socket joining its room, a file download). */
export interface ThreadReader {
  userId: string;
  isStaff: boolean;
}

/**
 * The same rule as `findReadableThread`, as a yes or no in one query: staff any thread; otherwise the users
 * who may manage its server. A thread that does not exist is a no, like one the reader may not see.
 */
export async function mayReadThread(db: Reader, reader: ThreadReader, threadId: string): Promise<boolean> {
  const [row] = reader.isStaff
    ? await db.select({ id: evidenceThreads.id }).from(evidenceThreads).where(eq(evidenceThreads.id, threadId)).limit(1)
    : await db
        .select({ id: evidenceThreads.id })
        .from(evidenceThreads)
        .innerJoin(
          userServers,
          and(eq(userServers.serverId, evidenceThreads.serverId), eq(userServers.userId, reader.userId)),
        )
        .where(eq(evidenceThreads.id, threadId))
        .limit(1);
  return row !== undefined;
}
