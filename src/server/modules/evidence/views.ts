import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  Attachment,
  EvidenceFile,
  EvidenceSubmission,
  EvidenceThread,
  ThreadMessage,
} from '../../../shared/contracts/evidence.js';
import { statusOfRecord } from '../../../shared/certification.js';
import type { Database } from '../../db/client.js';
import { checkResults, servers, users } from '../../db/schema.js';
import {
  evidenceFiles,
  evidenceSubmissions,
  evidenceThreads,
  type StoredAttachment,
  threadMessages,
} from '../../db/schema-evidence.js';
import { displayName } from '../audits/mappers.js';

/** Reads run on the database or inside a transaction. */
export type Reader = Pick<Database, 'select'>;

type Person = { username: string; globalName: string | null } | null;
const personOf = (person: Person) => (person === null ? null : { username: displayName(person) });

export const fileUrl = (fileId: string) => `/api/evidence/files/${fileId}`;

/** Each message's attachments with the metadata of the files they claimed. */
async function attachmentsOf(
  db: Reader,
  messages: readonly { id: string; attachments: StoredAttachment[] }[],
): Promise<Map<string, Attachment[]>> {
  const messageIds = messages.filter((message) => message.attachments.length > 0).map((message) => message.id);
  const files = new Map<string, EvidenceFile>();
  if (messageIds.length > 0) {
    const rows = await db
      .select({
        id: evidenceFiles.id,
        fileName: evidenceFiles.fileName,
        mediaType: evidenceFiles.mediaType,
        size: evidenceFiles.size,
      })
      .from(evidenceFiles)
      .where(inArray(evidenceFiles.messageId, messageIds));
    for (const row of rows) files.set(row.id, { ...row, url: fileUrl(row.id) });
  }
  return new Map(
    messages.map((message) => [
      message.id,
      message.attachments.map((stored) => ({
        type: stored.type,
        files: stored.fileIds.flatMap((id) => files.get(id) ?? []),
        checklistItems: stored.checklistItems ?? null,
        completionRate: stored.completionRate ?? null,
        userAcknowledgment: stored.userAcknowledgment ?? null,
        submissionTimestamp: stored.submissionTimestamp ?? null,
      })),
    ]),
  );
}

/** Messages in the order they were written. */
export async function messageViews(db: Reader, where: SQL): Promise<ThreadMessage[]> {
  const rows = await db
    .select({ message: threadMessages, author: { username: users.username, globalName: users.globalName } })
    .from(threadMessages)
    .leftJoin(users, eq(users.id, threadMessages.authorUserId))
    .where(where)
    .orderBy(asc(threadMessages.createdAt), asc(threadMessages.id));
  const attachments = await attachmentsOf(
    db,
    rows.map((row) => row.message),
  );
  return rows.map(({ message, author }) => ({
    id: message.id,
    threadId: message.threadId,
    message: message.body,
    isAdminMessage: message.isAdminMessage,
    fromUser: personOf(author),
    attachments: attachments.get(message.id) ?? [],
    createdAt: message.createdAt.toISOString(),
  }));
}

/** Threads as listed, most recently active first. */
export async function threadViews(db: Reader, where: SQL | undefined, limit: number): Promise<EvidenceThread[]> {
  const rows = await db
    .select({
      thread: evidenceThreads,
      serverName: servers.name,
      creator: { username: users.username, globalName: users.globalName },
      check: checkResults,
    })
    .from(evidenceThreads)
    .innerJoin(servers, eq(servers.id, evidenceThreads.serverId))
    .leftJoin(users, eq(users.id, evidenceThreads.createdByUserId))
    .leftJoin(
      checkResults,
      and(eq(checkResults.auditId, evidenceThreads.auditId), eq(checkResults.checkId, evidenceThreads.checkId)),
    )
    .where(where)
    .orderBy(desc(evidenceThreads.updatedAt), desc(evidenceThreads.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const messages = await db
    .select({
      threadId: threadMessages.threadId,
      body: threadMessages.body,
      isAdminMessage: threadMessages.isAdminMessage,
      createdAt: threadMessages.createdAt,
    })
    .from(threadMessages)
    .where(
      inArray(
        threadMessages.threadId,
        rows.map((row) => row.thread.id),
      ),
    )
    .orderBy(asc(threadMessages.createdAt), asc(threadMessages.id));
  const byThread = new Map<string, typeof messages>();
  for (const message of messages) byThread.set(message.threadId, [...(byThread.get(message.threadId) ?? []), message]);
  return rows.map(({ thread, serverName, creator, check }) => {
    const own = byThread.get(thread.id) ?? [];
    const last = own.at(-1);
    const status = check === null ? null : statusOfRecord(check);
    return {
      id: thread.id,
      status: thread.status,
      auditId: thread.auditId,
      checkId: thread.checkId,
      serverId: thread.serverId,
      createdByUserId: thread.createdByUserId,
      audit: { id: thread.auditId },
      server: { id: thread.serverId, name: serverName },
      checkResult:
        check === null || status === null || status === 'UNKNOWN'
          ? null
          : { id: check.id, checkId: check.checkId, checkName: check.checkName, severity: check.severity, status },
      user: personOf(creator),
      initialMessage: own[0]?.body ?? '',
      lastMessage:
        last === undefined
          ? null
          : { message: last.body, isAdminMessage: last.isAdminMessage, createdAt: last.createdAt.toISOString() },
      messageCount: own.length,
      createdAt: thread.createdAt.toISOString(),
      updatedAt: thread.updatedAt.toISOString(),
    };
  });
}

export async function threadView(db: Reader, threadId: string): Promise<EvidenceThread> {
  const [view] = await threadViews(db, eq(evidenceThreads.id, threadId), 1);
  if (view === undefined) throw new Error(`thread ${threadId} vanished`);
  return view;
}

const reviewers = alias(users, 'reviewers');

/** Evidence records, newest first. */
export async function evidenceViews(db: Reader, where: SQL | undefined, limit?: number): Promise<EvidenceSubmission[]> {
  const query = db
    .select({
      evidence: evidenceSubmissions,
      serverName: servers.name,
      submitter: { username: users.username, globalName: users.globalName },
      reviewer: { username: reviewers.username, globalName: reviewers.globalName },
      check: { checkName: checkResults.checkName, severity: checkResults.severity },
      message: { id: threadMessages.id, attachments: threadMessages.attachments },
    })
    .from(evidenceSubmissions)
    .innerJoin(servers, eq(servers.id, evidenceSubmissions.serverId))
    .innerJoin(threadMessages, eq(threadMessages.id, evidenceSubmissions.messageId))
    .leftJoin(users, eq(users.id, evidenceSubmissions.submittedByUserId))
    .leftJoin(reviewers, eq(reviewers.id, evidenceSubmissions.reviewedByUserId))
    .leftJoin(
      checkResults,
      and(eq(checkResults.auditId, evidenceSubmissions.auditId), eq(checkResults.checkId, evidenceSubmissions.checkId)),
    )
    .where(where)
    .orderBy(desc(evidenceSubmissions.createdAt), desc(evidenceSubmissions.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  const attachments = await attachmentsOf(
    db,
    rows.map((row) => row.message),
  );
  return rows.map(({ evidence, serverName, submitter, reviewer, check, message }) => ({
    id: evidence.id,
    auditId: evidence.auditId,
    serverId: evidence.serverId,
    serverName,
    threadId: evidence.threadId,
    checkId: evidence.checkId,
    type: evidence.type,
    content: evidence.content,
    description: evidence.description,
    attachments: attachments.get(message.id) ?? [],
    status: evidence.status,
    reviewNotes: evidence.reviewNotes,
    reviewedAt: evidence.reviewedAt?.toISOString() ?? null,
    reviewedBy: personOf(reviewer),
    submittedBy: personOf(submitter),
    checkResult: check,
    createdAt: evidence.createdAt.toISOString(),
  }));
}
