import { eq } from 'drizzle-orm';
import { evidenceFiles, evidenceThreads, threadMessages } from '../../src/server/db/schema-evidence.js';
import { audits } from '../../src/server/db/schema.js';
import type { TestApp } from './test-app.js';

/**
 * A thread with one message on a completed audit of the server, written straight to the database: the
 * evidence routes that create threads belong to another module.
 */
export async function createThreadRows(
  t: Pick<TestApp, 'database'>,
  input: { serverId: string; authorUserId: string },
): Promise<{ auditId: string; threadId: string; messageId: string }> {
  const { db } = t.database;
  const [audit] = await db
    .insert(audits)
    .values({ serverId: input.serverId, requestedByUserId: input.authorUserId, status: 'completed' })
    .returning({ id: audits.id });
  if (audit === undefined) throw new Error('audit insert returned no row');
  const [thread] = await db
    .insert(evidenceThreads)
    .values({
      auditId: audit.id,
      serverId: input.serverId,
      checkId: 'AUTOMOD_ENABLED',
      createdByUserId: input.authorUserId,
    })
    .returning({ id: evidenceThreads.id });
  if (thread === undefined) throw new Error('thread insert returned no row');
  const [message] = await db
    .insert(threadMessages)
    .values({
      threadId: thread.id,
      authorUserId: input.authorUserId,
      isAdminMessage: false,
      body: 'Evidence attached.',
    })
    .returning({ id: threadMessages.id });
  if (message === undefined) throw new Error('message insert returned no row');
  return { auditId: audit.id, threadId: thread.id, messageId: message.id };
}

/** Attaches an uploaded file to a message, as the message that claims it would. */
export async function claimFile(t: TestApp, fileId: string, messageId: string): Promise<void> {
  await t.database.db.update(evidenceFiles).set({ messageId }).where(eq(evidenceFiles.id, fileId));
}
