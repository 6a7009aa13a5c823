import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type AuditWithChecks,
  getAudit as getAuditEndpoint,
  type StoredCheckResult,
} from '../../../shared/contracts/audits.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Database } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { ReadCache } from '../../db/read-cache.js';
import { audits, checkResults, users, userServers } from '../../db/schema.js';
import { displayName, toAudit, toStoredCheckResult } from './mappers.js';

/** An audit as GET /api/audits/{id} answers it, with its server and the users whose names it shows. */
export interface AuditView {
  serverId: string;
  /**
   * The answer's body, encoded through the endpoint's declared response schema (as the route serialiser
   * does) and to UTF-8 once per change of the audit rather than once per request.
   */
  body: Buffer;
  overriderIds: ReadonlySet<string>;
}

/**
 * The signed-in read path's data (docs/decisions/0017): which servers a user may act on and each audit's
 * answer, read once and then kept while the change feed listens. Triggers announce every change to
 * `user_servers`, `audits`, `check_results` and `users` (an overrider's name), which drops what it touches.
 */
export interface AuditReads {
  /** The servers Discord last reported the user owning or managing. */
  linkedServerIds(userId: string): Promise<ReadonlySet<string>>;
  /** The audit with its check results, or null when there is no such audit. */
  auditView(auditId: string): Promise<AuditView | null>;
}

/** A safety net only: every change reaches the caches through the change feed. */
const CACHE_TTL_MS = 60_000;
const LINKED_SERVERS_MAX_ENTRIES = 20_000;
/** An audit's answer is about 40 kB. */
const AUDIT_VIEWS_MAX_ENTRIES = 500;

const serverIdsOfUser = preparedPerDatabase((db) =>
  db
    .select({ serverId: userServers.serverId })
    .from(userServers)
    .where(eq(userServers.userId, sql.placeholder('userId')))
    .prepare('server_ids_of_user'),
);

const auditById = preparedPerDatabase((db) =>
  db
    .select()
    .from(audits)
    .where(eq(audits.id, sql.placeholder('auditId')))
    .limit(1)
    .prepare('audit_by_id'),
);

const checkResultsOfAudit = preparedPerDatabase((db) =>
  db
    .select({ check: checkResults, overrider: { globalName: users.globalName, username: users.username } })
    .from(checkResults)
    .leftJoin(users, eq(users.id, checkResults.overriddenByUserId))
    .where(eq(checkResults.auditId, sql.placeholder('auditId')))
    .orderBy(asc(checkResults.position))
    .prepare('check_results_of_audit'),
);

export async function listCheckResults(db: Database, auditId: string): Promise<StoredCheckResult[]> {
  const rows = await checkResultsOfAudit(db).execute({ auditId });
  return rows.map(toCheckResult);
}

function toCheckResult(row: CheckResultWithOverrider): StoredCheckResult {
  return toStoredCheckResult(row.check, row.overrider === null ? null : displayName(row.overrider));
}

type CheckResultWithOverrider = Awaited<ReturnType<ReturnType<typeof checkResultsOfAudit>['execute']>>[number];

/** The audit and its check results, read at once (two queries in parallel). */
async function readAuditView(db: Database, auditId: string): Promise<AuditView | null> {
  const [[audit], checks] = await Promise.all([
    auditById(db).execute({ auditId }),
    checkResultsOfAudit(db).execute({ auditId }),
  ]);
  if (audit === undefined) return null;
  const overriderIds = new Set<string>();
  for (const { check } of checks) if (check.overriddenByUserId !== null) overriderIds.add(check.overriddenByUserId);
  const answer: AuditWithChecks = { ...toAudit(audit), checkResults: checks.map(toCheckResult) };
  const body = Buffer.from(JSON.stringify(z.encode(getAuditEndpoint.response, answer)));
  return { serverId: audit.serverId, body, overriderIds };
}

export function createAuditReads(db: Database, changes: ChangeFeed): AuditReads {
  const linked = new ReadCache<ReadonlySet<string>>(changes, {
    ttlMs: CACHE_TTL_MS,
    maxEntries: LINKED_SERVERS_MAX_ENTRIES,
  });
  const views = new ReadCache<AuditView>(changes, { ttlMs: CACHE_TTL_MS, maxEntries: AUDIT_VIEWS_MAX_ENTRIES });
  changes.onChange((change) => {
    if (change === null) {
      linked.invalidateAll();
      views.invalidateAll();
    } else if (change.kind === 'user-servers') linked.invalidate(change.key);
    else if (change.kind === 'audit') views.invalidate(change.key);
    else if (change.kind === 'user') views.invalidateWhere((view) => view.overriderIds.has(change.key));
  });
  return {
    async linkedServerIds(userId) {
      const ids = await linked.read(userId, async () => {
        const rows = await serverIdsOfUser(db).execute({ userId });
        return new Set(rows.map((row) => row.serverId));
      });
      return ids ?? new Set();
    },
    auditView: (auditId) => views.read(auditId, () => readAuditView(db, auditId)),
  };
}
