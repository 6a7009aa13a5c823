import { DiscordAPIError } from '@discordjs/rest';
import { and, eq, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminServer, Server } from '../../../shared/contracts/servers.js';
import type { TokenSealer } from '../../crypto.js';
import type { Database } from '../../db/client.js';
import { servers, userServers, users } from '../../db/schema.js';
import type { ServerRow, UserRow } from '../../db/rows.js';
import type { DiscordPartialGuild, DiscordUsers } from '../../integrations/discord/user-client.js';

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

/** How long a user's server list may be trusted before access checks ask Discord again. */
export const SERVER_LIST_MAX_AGE_MS = 10 * 60 * 1000;

/** What a sync needs, built once at boot (the app context satisfies it); the logger comes per call, so a request's lines keep its id. */
export interface ServerSyncDeps {
  db: Database;
  sealer: TokenSealer;
  discordUsers: DiscordUsers;
}

type SyncableUser = Pick<UserRow, 'id' | 'discordId' | 'discordAccessTokenEnc' | 'discordTokenExpiresAt'>;

/**
 * Asks Discord which servers the user owns or manages and stores the answer; access to servers follows it.
 * When Discord no longer vouches for the user (token revoked, expired or unreadable) the user manages
 * nothing until signing in again. When Discord is unreachable the stored list stays, and is asked again later.
 */
export async function syncUserServers(deps: ServerSyncDeps, user: SyncableUser, log: FastifyBaseLogger): Promise<void> {
  const guilds = await readManageableGuilds(deps, user, log);
  if (guilds !== null) await storeUserGuilds(deps.db, user, guilds);
  await deps.db.update(users).set({ guildsCheckedAt: new Date() }).where(eq(users.id, user.id));
}

/** The user's manageable guilds, `[]` when Discord no longer vouches for the user, null when Discord cannot be asked. */
async function readManageableGuilds(
  deps: ServerSyncDeps,
  user: SyncableUser,
  log: FastifyBaseLogger,
): Promise<DiscordPartialGuild[] | null> {
  const token = usableToken(deps.sealer, user);
  if (token === null) return [];
  try {
    return await deps.discordUsers.withToken(token).getManageableGuilds();
  } catch (error) {
    if (error instanceof DiscordAPIError && (error.status === 401 || error.status === 403)) return [];
    log.warn({ err: error, userId: user.id }, 'could not refresh servers from Discord; keeping the stored list');
    return null;
  }
}

/** Re-reads the user's servers when the stored list is older than SERVER_LIST_MAX_AGE_MS; says whether it did. */
export async function syncUserServersIfStale(
  deps: ServerSyncDeps,
  user: SyncableUser & Pick<UserRow, 'guildsCheckedAt'>,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const { guildsCheckedAt } = user;
  if (guildsCheckedAt !== null && Date.now() - guildsCheckedAt.getTime() <= SERVER_LIST_MAX_AGE_MS) return false;
  await syncUserServers(deps, user, log);
  return true;
}

function usableToken(sealer: TokenSealer, user: SyncableUser): string | null {
  if (user.discordAccessTokenEnc === null) return null;
  if (user.discordTokenExpiresAt !== null && user.discordTokenExpiresAt.getTime() <= Date.now()) return null;
  return sealer.open(user.discordAccessTokenEnc);
}

/** GET /api/servers: a fresh read from Discord (unless this request already made one), then the stored list. */
export async function listUserServers(
  deps: ServerSyncDeps,
  user: SyncableUser,
  options: { alreadyRead: boolean; log: FastifyBaseLogger },
): Promise<Server[]> {
  if (!options.alreadyRead) await syncUserServers(deps, user, options.log);
  return storedUserServers(deps.db, user.id);
}

async function storedUserServers(db: Database, userId: string): Promise<Server[]> {
  const rows = await db
    .select({ server: servers })
    .from(userServers)
    .innerJoin(servers, eq(servers.id, userServers.serverId))
    .where(eq(userServers.userId, userId))
    .orderBy(servers.name);
  return rows.map((row) => toServer(row.server));
}

async function storeUserGuilds(
  db: Database,
  user: Pick<UserRow, 'id' | 'discordId'>,
  guilds: DiscordPartialGuild[],
): Promise<void> {
  const userId = user.id;
  await db.transaction(async (tx) => {
    const serverIds: string[] = [];
    for (const guild of guilds) {
      const base = {
        name: guild.name,
        icon: guild.icon ?? null,
        updatedAt: new Date(),
        ...(guild.owner ? { ownerDiscordId: user.discordId } : {}),
      };
      const memberCount = guild.approximate_member_count;
      const set = memberCount === undefined ? base : { ...base, memberCount };
      const [row] = await tx
        .insert(servers)
        .values({ discordId: guild.id, ...set })
        .onConflictDoUpdate({ target: servers.discordId, set })
        .returning({ id: servers.id });
      if (row === undefined) continue;
      serverIds.push(row.id);
      const link = { isOwner: guild.owner, permissions: guild.permissions, syncedAt: new Date() };
      await tx
        .insert(userServers)
        .values({ userId, serverId: row.id, ...link })
        .onConflictDoUpdate({ target: [userServers.userId, userServers.serverId], set: link });
    }
    // A server the user no longer manages must stop being theirs at once: access follows Discord.
    await tx
      .delete(userServers)
      .where(
        serverIds.length === 0
          ? eq(userServers.userId, userId)
          : and(eq(userServers.userId, userId), notInArray(userServers.serverId, serverIds)),
      );
  });
}

export async function listAllServers(db: Database): Promise<AdminServer[]> {
  const rows = await db.select().from(servers).orderBy(servers.name);
  return rows.map((row) => ({ ...toServer(row), ownerDiscordId: row.ownerDiscordId }));
}
