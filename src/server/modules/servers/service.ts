import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminServer, Server } from '../../../shared/contracts/servers.js';
import type { TokenSealer } from '../../crypto.js';
import type { Database } from '../../db/client.js';
import { servers, userServers } from '../../db/schema.js';
import { DiscordUserClient, type DiscordPartialGuild } from '../../integrations/discord/user-client.js';
import type { UserRow } from '../auth/service.js';

type ServerRow = typeof servers.$inferSelect;

export function toServer(row: ServerRow): Server {
  return {
    id: row.id,
    discordId: row.discordId,
    name: row.name,
    icon: row.icon,
    memberCount: row.memberCount,
    roleCount: row.roleCount,
    channelCount: row.channelCount,
    botCount: row.botCount,
  };
}

export interface ListServersOptions {
  db: Database;
  sealer: TokenSealer;
  discordApiUrl: string;
  user: UserRow;
  log: FastifyBaseLogger;
}

/**
 * The servers a user owns or manages, read fresh from Discord with the user's own token and stored.
 * When Discord cannot be reached (or the token has lapsed) the last stored list is returned instead of an error.
 */
export async function listUserServers(options: ListServersOptions): Promise<Server[]> {
  const { db, user } = options;
  const accessToken = user.discordAccessTokenEnc === null ? null : options.sealer.open(user.discordAccessTokenEnc);
  if (accessToken !== null) {
    try {
      const guilds = await new DiscordUserClient(options.discordApiUrl, accessToken).getManageableGuilds();
      await storeUserGuilds(db, user, guilds);
    } catch (error) {
      options.log.warn({ err: error, userId: user.id }, 'could not refresh servers from Discord; using the stored list');
    }
  }
  return storedUserServers(db, user.id);
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

export async function storeUserGuilds(db: Database, user: Pick<UserRow, 'id' | 'discordId'>, guilds: DiscordPartialGuild[]): Promise<void> {
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
      .where(serverIds.length === 0 ? eq(userServers.userId, userId) : and(eq(userServers.userId, userId), notInArray(userServers.serverId, serverIds)));
  });
}

export async function listAllServers(db: Database): Promise<AdminServer[]> {
  const rows = await db.select().from(servers).orderBy(servers.name);
  return rows.map((row) => ({ ...toServer(row), ownerDiscordId: row.ownerDiscordId }));
}

export async function findServersByIds(db: Database, ids: string[]): Promise<ServerRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(servers).where(inArray(servers.id, ids));
}
