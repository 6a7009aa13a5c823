import { and, eq, exists, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  EvidenceSubmission,
  EvidenceThread,
  ListThreadsQuery,
  ThreadDetail,
} from '../../../shared/contracts/evidence.js';
import type { EvidenceStatus } from '../../../shared/evidence-rules.js';
import type { Database } from '../../db/client.js';
import { audits, checkResults, servers, userServers } from '../../db/schema.js';
import { evidenceSubmissions, evidenceThreads, threadMessages } from '../../db/schema-evidence.js';
import { notFound } from '../../errors.js';
import type { Caller } from '../auth/caller.js';
import { findAccessibleAudit, findAccessibleServer } from '../audits/access.js';
import { listCheckResults } from '../audits/audit-reads.js';
import { toAudit } from '../audits/mappers.js';
import { findReadableThread, managesServer } from './access.js';
import { evidenceViews, messageViews, threadView, threadViews } from './views.js';

/** The newest records a list shows; older ones stay reachable through their audit or server. */
export const EVIDENCE_LIST_LIMIT = 500;

/** `%text%` for ILIKE, with the user's own `%`, `_` and `\` matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export type ThreadQuery = z.infer<typeof ListThreadsQuery>;

/**
 * GET /api/evidence/threads: staff see every thread (or with `mine`, those they opened or of servers linked to
 * them); everyone else only the threads of servers they may manage. Most recently active first.
 */
export async function listThreads(db: Database, caller: Caller, query: ThreadQuery): Promise<EvidenceThread[]> {
  const linked = inArray(
    evidenceThreads.serverId,
    db.select({ id: userServers.serverId }).from(userServers).where(eq(userServers.userId, caller.user.id)),
  );
  const conditions: (SQL | undefined)[] = [];
  if (!caller.isAdmin) conditions.push(linked);
  else if (query.scope === 'mine') conditions.push(or(eq(evidenceThreads.createdByUserId, caller.user.id), linked));
  if (query.auditId !== undefined) conditions.push(eq(evidenceThreads.auditId, query.auditId));
  if (query.checkId !== undefined) conditions.push(eq(evidenceThreads.checkId, query.checkId));
  if (query.serverId !== undefined) conditions.push(eq(evidenceThreads.serverId, query.serverId));
  if (query.status !== undefined) conditions.push(eq(evidenceThreads.status, query.status));
  if (query.search !== undefined && query.search !== '') {
    const pattern = containsPattern(query.search);
    const inMessages = db
      .select({ id: threadMessages.id })
      .from(threadMessages)
      .where(and(eq(threadMessages.threadId, evidenceThreads.id), ilike(threadMessages.body, pattern)));
    conditions.push(or(ilike(servers.name, pattern), ilike(checkResults.checkName, pattern), exists(inMessages)));
  }
  return threadViews(db, and(...conditions), query.limit);
}

/** GET /api/evidence/threads/{id}: the thread with everything its page shows. */
export async function getThreadDetail(
  db: Database,
  caller: Caller,
  threadId: string,
): Promise<z.infer<typeof ThreadDetail>> {
  const { thread: found } = await findReadableThread(db, caller, threadId);
  const [thread, [audit], [server], checks, messages, evidence] = await Promise.all([
    threadView(db, found.id),
    db.select().from(audits).where(eq(audits.id, found.auditId)),
    db.select({ id: servers.id, name: servers.name }).from(servers).where(eq(servers.id, found.serverId)),
    listCheckResults(db, found.auditId),
    messageViews(db, eq(threadMessages.threadId, found.id)),
    evidenceViews(db, eq(evidenceSubmissions.threadId, found.id)),
  ]);
  if (audit === undefined || server === undefined) throw notFound('Thread');
  return {
    thread,
    audit: toAudit(audit),
    server,
    checkResult: checks.find((check) => check.checkId === found.checkId) ?? null,
    messages,
    evidence,
    canDecide: caller.isAdmin,
  };
}

const withStatus = (status: EvidenceStatus | undefined) =>
  status === undefined ? undefined : eq(evidenceSubmissions.status, status);

export async function listAuditEvidence(db: Database, caller: Caller, auditId: string): Promise<EvidenceSubmission[]> {
  await findAccessibleAudit(db, caller, auditId);
  return evidenceViews(db, eq(evidenceSubmissions.auditId, auditId));
}

export async function listServerEvidence(
  db: Database,
  caller: Caller,
  serverId: string,
  status: EvidenceStatus | undefined,
): Promise<EvidenceSubmission[]> {
  await findAccessibleServer(db, caller, serverId);
  return evidenceViews(db, and(eq(evidenceSubmissions.serverId, serverId), withStatus(status)), EVIDENCE_LIST_LIMIT);
}

/** GET /api/user/evidence: the evidence on the servers the caller may manage (staff too: their own servers). */
export async function listUserEvidence(db: Database, caller: Caller): Promise<EvidenceSubmission[]> {
  const linked = db
    .select({ id: userServers.serverId })
    .from(userServers)
    .where(eq(userServers.userId, caller.user.id));
  return evidenceViews(db, inArray(evidenceSubmissions.serverId, linked), EVIDENCE_LIST_LIMIT);
}

export async function listAllEvidence(db: Database, status: EvidenceStatus | undefined): Promise<EvidenceSubmission[]> {
  return evidenceViews(db, withStatus(status), EVIDENCE_LIST_LIMIT);
}

export async function getEvidence(db: Database, caller: Caller, evidenceId: string): Promise<EvidenceSubmission> {
  const [evidence] = await evidenceViews(db, eq(evidenceSubmissions.id, evidenceId), 1);
  if (evidence === undefined) throw notFound('Evidence');
  if (!caller.isAdmin && !(await managesServer(db, caller.user.id, evidence.serverId))) throw notFound('Evidence');
  return evidence;
}
