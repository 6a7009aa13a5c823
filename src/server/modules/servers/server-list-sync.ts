import { DiscordAPIError } from '@discordjs/rest';
import { and, eq, isNull, lt, notInArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TokenSealer } from '../../crypto.js';
import type { Database } from '../../db/client.js';
import { servers, userServers, users } from '../../db/schema.js';
import type { UserRow } from '../../db/rows.js';
import type { DiscordPartialGuild, DiscordUsers } from '../../integrations/discord/user-client.js';

/** How long a user's server list may be trusted before access checks ask Discord again. */
export const SERVER_LIST_MAX_AGE_MS = 10 * 60 * 1000;

/** What a sync needs, built once at boot (the app context satisfies it); the logger comes per call, so a request's lines keep its id. */
export interface ServerSyncDeps {
  db: Database;
  sealer: TokenSealer;
  discordUsers: DiscordUsers;
}

type SyncableUser = Pick<UserRow, 'id' | 'discordId' | 'discordAccessTokenEnc' | 'discordTokenExpiresAt'>;
type CheckedUser = SyncableUser & Pick<UserRow, 'guildsCheckedAt'>;

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

/**
 * Refreshes running in this instance, per instance (keyed by its deps) and user: concurrent requests of one
 * user wait for the same read instead of each asking Discord.
 */
const refreshesInFlight = new WeakMap<ServerSyncDeps, Map<string, Promise<boolean>>>();

/**
 * Re-reads the user's servers when the stored list is older than SERVER_LIST_MAX_AGE_MS. Requests of this
 * instance wait for a refresh already under way; across instances the database decides: only the request
 * whose conditional update claims the stale list reads Discord, the others answer from the stored list.
 * Answers whether this instance refreshed the list (itself or in a refresh it waited for).
 */
export async function syncUserServersIfStale(
  deps: ServerSyncDeps,
  user: CheckedUser,
  log: FastifyBaseLogger,
): Promise<boolean> {
  let inFlight = refreshesInFlight.get(deps);
  if (inFlight === undefined) {
    inFlight = new Map();
    refreshesInFlight.set(deps, inFlight);
  }
  // Checked before freshness: a refresh under way has already marked the stored list fresh, so a row
  // read meanwhile looks fresh while the list it would answer with is not refreshed yet.
  const running = inFlight.get(user.id);
  if (running !== undefined) return running;
  const { guildsCheckedAt } = user;
  if (guildsCheckedAt !== null && Date.now() - guildsCheckedAt.getTime() <= SERVER_LIST_MAX_AGE_MS) return false;
  const refresh = refreshIfClaimed(deps, user, log);
  inFlight.set(user.id, refresh);
  try {
    return await refresh;
  } finally {
    inFlight.delete(user.id);
  }
}

async function refreshIfClaimed(deps: ServerSyncDeps, user: CheckedUser, log: FastifyBaseLogger): Promise<boolean> {
  const claimedAt = new Date();
  const staleBefore = new Date(claimedAt.getTime() - SERVER_LIST_MAX_AGE_MS);
  const claimed = await deps.db
    .update(users)
    .set({ guildsCheckedAt: claimedAt })
    .where(and(eq(users.id, user.id), or(isNull(users.guildsCheckedAt), lt(users.guildsCheckedAt, staleBefore))))
    .returning({ id: users.id });
  if (claimed.length === 0) return false;
  try {
    await syncUserServers(deps, user, log);
    return true;
  } catch (error) {
    // The claim marked the list fresh; hand it back so the next request tries again rather than in ten minutes.
    await deps.db
      .update(users)
      .set({ guildsCheckedAt: user.guildsCheckedAt })
      .where(and(eq(users.id, user.id), eq(users.guildsCheckedAt, claimedAt)));
    throw error;
  }
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

function usableToken(sealer: TokenSealer, user: SyncableUser): string | null {
  if (user.discordAccessTokenEnc === null) return null;
  if (user.discordTokenExpiresAt !== null && user.discordTokenExpiresAt.getTime() <= Date.now()) return null;
  return sealer.open(user.discordAccessTokenEnc);
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
