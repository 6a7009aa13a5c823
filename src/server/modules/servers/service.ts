import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminServer, Server } from '../../../shared/contracts/servers.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Database } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { ReadCache } from '../../db/read-cache.js';
import { servers, userServers } from '../../db/schema.js';
import type { ServerRow, UserRow } from '../../db/rows.js';
import { type ServerSyncDeps, syncUserServersIfStale } from './server-list-sync.js';

export function toServer(row: ServerRow): Server {
  const read = row.factsReadAt !== null;
  return {
    id: row.id,
    discordId: row.discordId,
    name: row.name,
    icon: row.icon,
    memberCount: row.memberCount,
    roleCount: read ? row.roleCount : null,
    channelCount: read ? row.channelCount : null,
    botCount: read ? row.botCount : null,
    factsReadAt: row.factsReadAt?.toISOString() ?? null,
  };
}

/** The longest a cached list is served without a change being announced; only a safety net. */
const SERVER_LIST_CACHE_TTL_MS = 60_000;
const SERVER_LIST_CACHE_MAX_ENTRIES = 20_000;

/** Each user's stored server list, as GET /api/servers answers it. */
export interface ServerLists {
  read(userId: string): Promise<Server[]>;
}

/**
 * Read once, then served from memory while the change feed listens (docs/decisions/0017): a change to the
 * user's links (a refresh from Discord, a server added or taken away) drops the user's list, a change to a
 * server's own row (renamed, counted, its facts read by an audit) drops every list that names it.
 */
export function createServerLists(db: Database, changes: ChangeFeed): ServerLists {
  const cache = new ReadCache<Server[]>(changes, {
    ttlMs: SERVER_LIST_CACHE_TTL_MS,
    maxEntries: SERVER_LIST_CACHE_MAX_ENTRIES,
  });
  changes.onChange((change) => {
    if (change === null) cache.invalidateAll();
    else if (change.kind === 'user-servers') cache.invalidate(change.key);
    else if (change.kind === 'server') cache.invalidateWhere((list) => list.some((server) => server.id === change.key));
  });
  return {
    read: async (userId) => (await cache.read(userId, () => storedUserServers(db, userId))) ?? [],
  };
}

/**
 * GET /api/servers: the stored list, re-read from Discord first only when it is stale (the session loader
 * has already seen to that for owners, so `alreadyChecked` spares a second look). After a refresh here the
 * change feed's barrier lets this instance's cache learn of it before the list is read.
 */
export async function listUserServers(
  deps: ServerSyncDeps & { changes: ChangeFeed },
  lists: ServerLists,
  user: UserRow,
  options: { alreadyChecked: boolean; log: FastifyBaseLogger },
): Promise<Server[]> {
  if (!options.alreadyChecked && (await syncUserServersIfStale(deps, user, options.log))) await deps.changes.barrier();
  return lists.read(user.id);
}

/** Every read of GET /api/servers runs it: prepared once per database, so no request builds its SQL again. */
const serversOfUser = preparedPerDatabase((db) =>
  db
    .select({ server: servers })
    .from(userServers)
    .innerJoin(servers, eq(servers.id, userServers.serverId))
    .where(eq(userServers.userId, sql.placeholder('userId')))
    .orderBy(servers.name)
    .prepare('servers_of_user'),
);

async function storedUserServers(db: Database, userId: string): Promise<Server[]> {
  const rows = await serversOfUser(db).execute({ userId });
  return rows.map((row) => toServer(row.server));
}

export async function listAllServers(db: Database): Promise<AdminServer[]> {
  const rows = await db.select().from(servers).orderBy(servers.name);
  return rows.map((row) => ({ ...toServer(row), ownerDiscordId: row.ownerDiscordId }));
}
