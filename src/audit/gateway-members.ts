import { randomUUID } from 'node:crypto';
import type { REST } from '@discordjs/rest';
import { WebSocketManager, WebSocketShardEvents } from '@discordjs/ws';
import {
  GatewayCloseCodes,
  GatewayDispatchEvents,
  GatewayIntentBits,
  GatewayOpcodes,
  type APIGuildMember,
  type GatewayDispatchPayload,
} from 'discord-api-types/v10';

/**
 * Reads a guild's whole member list the way large bots do (docs/decisions/0020): one Gateway session,
 * one Request Guild Members (op 8, empty query, limit 0) and the GUILD_MEMBERS_CHUNK events that answer
 * it, 1,000 members each. REST pages would cost one request per 1,000 members, one after another.
 */

/** Discord answered op 8 with RATE_LIMITED: the whole list of this guild was asked for too recently. */
export class MemberListRateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Discord rate limited the member list request; retry after ${retryAfterSeconds} s`);
    this.name = 'MemberListRateLimitedError';
  }
}

export class GatewayMembersError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayMembersError';
  }
}

export interface GatewayMembersOptions {
  rest: REST;
  botToken: string;
  guildId: string;
  /** Ends the read early (the rest of the audit failed); the session is closed. */
  signal?: AbortSignal;
  /** Gives up when the list is not complete by then. */
  timeoutMs?: number;
}

/** The read's outcome: the members, or `intent-unavailable` when the app may not read member lists. */
export type GatewayMembersResult = { members: APIGuildMember[] } | { intentUnavailable: true } | { notInGuild: true };

const DEFAULT_TIMEOUT_MS = 60_000;
/** How long a cancelled read waits for its session to finish connecting, so that closing it really closes it. */
const SETTLE_TIMEOUT_MS = 10_000;

/** Snowflakes as decimal strings without leading zeros: shorter is smaller, equal lengths compare as text. */
function compareIds(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The chunks' members in ascending user id, each once: the order REST pages give, so the snapshot is the
 * same whichever way it was read. Chunks usually arrive sorted already; sorting is then skipped.
 */
export function mergeMemberChunks(chunks: readonly (readonly APIGuildMember[])[]): APIGuildMember[] {
  const seen = new Set<string>();
  const merged: APIGuildMember[] = [];
  let sorted = true;
  for (const chunk of chunks) {
    for (const member of chunk) {
      const id = member.user.id;
      if (seen.has(id)) continue;
      seen.add(id);
      const previous = merged.at(-1);
      if (previous && compareIds(previous.user.id, id) > 0) sorted = false;
      merged.push(member);
    }
  }
  return sorted ? merged : merged.sort((a, b) => compareIds(a.user.id, b.user.id));
}

export async function readMembersThroughGateway(options: GatewayMembersOptions): Promise<GatewayMembersResult> {
  const { rest, botToken, guildId, signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const manager = new WebSocketManager({
    token: botToken,
    intents: GatewayIntentBits.GuildMembers,
    rest,
    shardCount: 1,
  });
  const nonce = randomUUID().replaceAll('-', '');
  const chunks: APIGuildMember[][] = [];
  let received = 0;
  let timer: NodeJS.Timeout | undefined;
  // @discordjs/ws cannot close a shard that is still connecting: it would open afterwards and stay open.
  // So the session is closed only once it is ready or already closed.
  const connecting = manager.connect();
  const settled = new Promise<void>((resolve) => {
    connecting.then(
      () => resolve(),
      () => resolve(),
    );
    manager.on(WebSocketShardEvents.Closed, () => resolve());
  });

  const outcome = new Promise<GatewayMembersResult>((resolve, reject) => {
    const onDispatch = (payload: GatewayDispatchPayload): void => {
      switch (payload.t) {
        case GatewayDispatchEvents.Ready:
          if (!payload.d.guilds.some((guild) => guild.id === guildId)) resolve({ notInGuild: true });
          return;
        case GatewayDispatchEvents.GuildCreate:
          // The guild is loaded in this session: now its members can be asked for.
          if (payload.d.id === guildId) {
            const request = { guild_id: guildId, query: '', limit: 0, nonce };
            Promise.resolve(manager.send(0, { op: GatewayOpcodes.RequestGuildMembers, d: request })).catch(reject);
          }
          return;
        case GatewayDispatchEvents.GuildMembersChunk: {
          const chunk = payload.d;
          if (chunk.nonce !== nonce) return;
          if (chunks[chunk.chunk_index] === undefined) received += 1;
          chunks[chunk.chunk_index] = chunk.members;
          if (received === chunk.chunk_count) resolve({ members: mergeMemberChunks(chunks) });
          return;
        }
        case GatewayDispatchEvents.RateLimited:
          if (payload.d.opcode === GatewayOpcodes.RequestGuildMembers && payload.d.meta.nonce === nonce) {
            reject(new MemberListRateLimitedError(payload.d.retry_after));
          }
          return;
        default:
          return;
      }
    };
    manager.on(WebSocketShardEvents.Dispatch, onDispatch);
    manager.on(WebSocketShardEvents.Closed, (code) => {
      if (code === GatewayCloseCodes.DisallowedIntents) resolve({ intentUnavailable: true });
      else if (code >= 4000 && code !== 4200) reject(new GatewayMembersError(`the Gateway closed with code ${code}`));
    });
    // Fatal close codes are also reported as errors; the close code above already settled the read.
    manager.on(WebSocketShardEvents.Error, (error) => reject(new GatewayMembersError(error.message)));
    timer = setTimeout(
      () => reject(new GatewayMembersError(`the member list did not arrive within ${timeoutMs} ms`)),
      timeoutMs,
    );
    signal?.addEventListener('abort', () => reject(new GatewayMembersError('the member read was cancelled')));
    connecting.catch(reject);
  });
  try {
    return await outcome;
  } finally {
    clearTimeout(timer);
    let settleTimer: NodeJS.Timeout | undefined;
    await Promise.race([settled, new Promise((resolve) => (settleTimer = setTimeout(resolve, SETTLE_TIMEOUT_MS)))]);
    clearTimeout(settleTimer);
    await manager.destroy({ code: 1000, reason: 'member list read' });
  }
}
