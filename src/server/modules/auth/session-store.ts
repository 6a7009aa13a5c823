import { and, eq, gt, sql } from 'drizzle-orm';
import { sha256 } from '../../crypto.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Database } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { ReadCache } from '../../db/read-cache.js';
import type { UserRow } from '../../db/rows.js';
import { sessions, users } from '../../db/schema.js';

/** A live session: its user, read with it, and when it ends. */
export interface LiveSession {
  user: UserRow;
  expiresAt: Date;
}

/** Sessions as every request and socket handshake sees them, and their revocation (docs/decisions/0017). */
export interface SessionStore {
  /** The unexpired session of this cookie token, or null. */
  find(sessionToken: string): Promise<LiveSession | null>;
  /** Deletes the session; returns once its notice has reached this instance, sent to every other at the same commit. */
  revoke(sessionToken: string): Promise<void>;
}

/**
 * The longest an entry is served without a change being announced. Only a safety net: revocations and
 * user changes reach the cache through the change feed, and expiry is checked on every hit.
 */
const SESSION_CACHE_TTL_MS = 60_000;
const SESSION_CACHE_MAX_ENTRIES = 20_000;

const sessionByTokenHash = preparedPerDatabase((db) =>
  db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_by_token_hash'),
);

async function readSession(db: Database, tokenHash: string): Promise<LiveSession | null> {
  // The clock is the application's, as an ISO string: a placeholder is sent as given, not through the column's encoder.
  const [row] = await sessionByTokenHash(db).execute({ tokenHash, now: new Date().toISOString() });
  return row ?? null;
}

/**
 * Looked up once, then served from memory while the change feed listens: a session's deletion (sign-out,
 * replacement, removal) drops it from every instance's cache as its notice arrives, a change to its user
 * (profile, server list freshness) drops every session of that user, and expiry is checked on every hit.
 */
export function createSessionStore(db: Database, changes: ChangeFeed): SessionStore {
  const cache = new ReadCache<LiveSession>(changes, {
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: SESSION_CACHE_MAX_ENTRIES,
  });
  changes.onChange((change) => {
    if (change === null) cache.invalidateAll();
    else if (change.kind === 'session') cache.invalidate(change.key);
    else if (change.kind === 'user') cache.invalidateWhere((session) => session.user.id === change.key);
  });
  return {
    async find(sessionToken) {
      const tokenHash = sha256(sessionToken);
      const session = await cache.read(tokenHash, () => readSession(db, tokenHash));
      if (session === null || session.expiresAt.getTime() <= Date.now()) return null;
      return session;
    },
    async revoke(sessionToken) {
      const tokenHash = sha256(sessionToken);
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
      await changes.barrier();
    },
  };
}
