import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminServer, Server } from '../../../shared/contracts/servers.js';
import type { Database } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
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

/**
 * GET /api/servers: the stored list, re-read from Discord first only when it is stale (the session loader
 * has already seen to that for owners, so `alreadyChecked` spares a second look).
 */
export async function listUserServers(
  deps: ServerSyncDeps,
  user: UserRow,
  options: { alreadyChecked: boolean; log: FastifyBaseLogger },
): Promise<Server[]> {
  if (!options.alreadyChecked) await syncUserServersIfStale(deps, user, options.log);
  return storedUserServers(deps.db, user.id);
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
