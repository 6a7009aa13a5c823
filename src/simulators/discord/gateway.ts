import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { setImmediate as yieldToLoop, setTimeout as sleep } from 'node:timers/promises';
import {
  GatewayCloseCodes,
  GatewayDispatchEvents,
  GatewayOpcodes,
  type APIGatewayBotInfo,
} from 'discord-api-types/v10';
import type { FastifyInstance } from 'fastify';
import { WebSocket, WebSocketServer } from 'ws';
import type { SimulatorContext } from './context.js';
import { requireBot } from './context.js';
import { RAMPART_BOT } from './fixtures/index.js';
import { guildCreatePayload } from './gateway-payloads.js';
import { isSnowflake } from './snowflake.js';

/**
 * Discord's Gateway (API v10) as far as an audit bot uses it: `GET /gateway/bot`, then one WebSocket
 * session — Hello, Identify, Ready and a GUILD_CREATE per guild, heartbeats, and Request Guild Members
 * (op 8) answered with GUILD_MEMBERS_CHUNK events of 1,000 members. A whole member list may be requested
 * once per guild per 30 s in a session (RATE_LIMITED otherwise), and a client may send 120 payloads a minute.
 */

export const GATEWAY_PATH = '/gateway';
export const MEMBER_CHUNK_SIZE = 1000;
export const HEARTBEAT_INTERVAL_MS = 41_250;
/** Whole-list requests per guild and session: one per 30 s (Discord's change log, 14 Aug 2025). */
export const ALL_MEMBERS_INTERVAL_MS = 30_000;
const SEND_LIMIT = 120;
const SEND_WINDOW_MS = 60_000;
const SESSION_START_TOTAL = 1000;

interface GatewaySession {
  socket: WebSocket;
  /** Where a resume would reconnect: this gateway's own address. */
  url: string;
  identified: boolean;
  sequence: number;
  sendWindowStart: number;
  sent: number;
  /** When each guild's whole member list was last requested in this session. */
  allMembersAt: Map<string, number>;
}

interface RequestGuildMembers {
  guild_id?: unknown;
  query?: unknown;
  limit?: unknown;
  nonce?: unknown;
}

export function registerGatewayRoute(instance: FastifyInstance, context: SimulatorContext): void {
  instance.get('/api/v10/gateway/bot', async (request): Promise<APIGatewayBotInfo> => {
    requireBot(request, context);
    const scheme = request.protocol === 'https' ? 'wss' : 'ws';
    return {
      url: `${scheme}://${request.host}${context.prefix}${GATEWAY_PATH}`,
      shards: 1,
      session_start_limit: {
        total: SESSION_START_TOTAL,
        remaining: Math.max(0, SESSION_START_TOTAL - context.state.gatewaySessionsStarted),
        reset_after: 86_400_000,
        max_concurrency: 1,
      },
    };
  });
}

/** Serves WebSocket upgrades on `<prefix>/gateway` of the plugin's server; other upgrades are left alone. */
export function attachGateway(instance: FastifyInstance, context: SimulatorContext): void {
  const server = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const path = `${context.prefix}${GATEWAY_PATH}`;
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if ((request.url ?? '').split('?')[0] !== path) return;
    void sleep(context.state.latencyMs).then(() =>
      server.handleUpgrade(request, socket, head, (ws) =>
        openSession(ws, `ws://${request.headers.host ?? 'localhost'}${path}`, context),
      ),
    );
  };
  instance.server.on('upgrade', onUpgrade);
  // Before the server closes, which would otherwise wait for the open sessions forever.
  instance.addHook('preClose', async () => {
    instance.server.off('upgrade', onUpgrade);
    for (const client of server.clients) client.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

function openSession(socket: WebSocket, url: string, context: SimulatorContext): void {
  const session: GatewaySession = {
    socket,
    url,
    identified: false,
    sequence: 0,
    sendWindowStart: context.state.clock(),
    sent: 0,
    allMembersAt: new Map(),
  };
  context.state.gatewayConnectionsOpen += 1;
  socket.on('close', () => {
    context.state.gatewayConnectionsOpen -= 1;
  });
  send(session, { op: GatewayOpcodes.Hello, d: { heartbeat_interval: HEARTBEAT_INTERVAL_MS } });
  socket.on('message', (data, isBinary) => {
    void receive(session, context, isBinary ? null : data.toString()).catch(() =>
      socket.close(GatewayCloseCodes.UnknownError, 'Unknown error'),
    );
  });
}

function send(session: GatewaySession, payload: object): void {
  sendText(session, JSON.stringify(payload));
}

function sendText(session: GatewaySession, text: string): void {
  if (session.socket.readyState === WebSocket.OPEN) session.socket.send(text);
}

function dispatch(session: GatewaySession, event: string, data: unknown): void {
  session.sequence += 1;
  send(session, { op: GatewayOpcodes.Dispatch, t: event, s: session.sequence, d: data });
}

function overSendLimit(session: GatewaySession, now: number): boolean {
  if (now - session.sendWindowStart >= SEND_WINDOW_MS) {
    session.sendWindowStart = now;
    session.sent = 0;
  }
  session.sent += 1;
  return session.sent > SEND_LIMIT;
}

function parsePayload(text: string | null): { op: unknown; d: unknown } | null {
  if (text === null) return null;
  try {
    const payload: unknown = JSON.parse(text);
    return typeof payload === 'object' && payload !== null && 'op' in payload
      ? { op: payload.op, d: 'd' in payload ? payload.d : null }
      : null;
  } catch {
    return null;
  }
}

async function receive(session: GatewaySession, context: SimulatorContext, text: string | null): Promise<void> {
  const { socket } = session;
  const payload = parsePayload(text);
  if (payload === null) return socket.close(GatewayCloseCodes.DecodeError, 'Error while decoding payload.');
  if (overSendLimit(session, context.state.clock())) {
    return socket.close(GatewayCloseCodes.RateLimited, 'You are being rate limited.');
  }
  switch (payload.op) {
    case GatewayOpcodes.Heartbeat:
      await sleep(context.state.latencyMs);
      return send(session, { op: GatewayOpcodes.HeartbeatAck });
    case GatewayOpcodes.Identify:
      return identify(session, context, payload.d);
    case GatewayOpcodes.Resume:
      // Sessions are not kept after a disconnect: the client has to identify again.
      await sleep(context.state.latencyMs);
      return send(session, { op: GatewayOpcodes.InvalidSession, d: false });
    case GatewayOpcodes.RequestGuildMembers:
      if (!session.identified) return socket.close(GatewayCloseCodes.NotAuthenticated, 'Not authenticated.');
      return requestGuildMembers(session, context, (payload.d ?? {}) as RequestGuildMembers);
    default:
      return socket.close(GatewayCloseCodes.UnknownOpcode, 'Unknown opcode.');
  }
}

async function identify(session: GatewaySession, context: SimulatorContext, data: unknown): Promise<void> {
  const { socket } = session;
  if (session.identified) return socket.close(GatewayCloseCodes.AlreadyAuthenticated, 'Already authenticated.');
  const identity = (typeof data === 'object' && data !== null ? data : {}) as { token?: unknown; intents?: unknown };
  if (identity.token !== context.app.botToken) {
    return socket.close(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
  }
  if (typeof identity.intents !== 'number' || !Number.isInteger(identity.intents) || identity.intents < 0) {
    return socket.close(GatewayCloseCodes.InvalidIntents, 'Invalid intent(s).');
  }
  await sleep(context.state.latencyMs);
  session.identified = true;
  context.state.gatewaySessionsStarted += 1;
  const guilds = context.state.allGuilds().filter((guild) => context.state.isBotInGuild(guild.fixture.guild.id));
  const sessionId = randomUUID().replaceAll('-', '');
  dispatch(session, GatewayDispatchEvents.Ready, {
    v: 10,
    user: RAMPART_BOT,
    guilds: guilds.map((guild) => ({ id: guild.fixture.guild.id, unavailable: true })),
    session_id: sessionId,
    resume_gateway_url: session.url,
    shard: [0, 1],
    application: { id: context.app.clientId, flags: 0 },
  });
  // Each guild arrives once after Ready, whatever the intents.
  for (const guild of guilds) {
    dispatch(session, GatewayDispatchEvents.GuildCreate, guildCreatePayload(guild));
  }
}

async function requestGuildMembers(
  session: GatewaySession,
  context: SimulatorContext,
  request: RequestGuildMembers,
): Promise<void> {
  const { socket } = session;
  const guildId = typeof request.guild_id === 'string' ? request.guild_id : '';
  const nonce = typeof request.nonce === 'string' ? request.nonce.slice(0, 32) : undefined;
  const guild = isSnowflake(guildId) && context.state.isBotInGuild(guildId) ? context.state.guild(guildId) : undefined;
  // A guild the bot is not in gets no answer at all.
  if (!guild) return undefined;
  // The privileged intent is an application setting; a fixture toggles it off to show the audit without it.
  if (!guild.toggles.membersIntent) return socket.close(GatewayCloseCodes.DisallowedIntents, 'Disallowed intent(s).');
  const wholeList = request.query === '' && request.limit === 0;
  if (!wholeList) return socket.close(GatewayCloseCodes.DecodeError, 'Only whole member lists are simulated.');

  await sleep(context.state.latencyMs);
  const now = context.state.clock();
  const last = session.allMembersAt.get(guildId);
  if (last !== undefined && now - last < ALL_MEMBERS_INTERVAL_MS) {
    const retryAfter = (last + ALL_MEMBERS_INTERVAL_MS - now) / 1000;
    dispatch(session, GatewayDispatchEvents.RateLimited, {
      opcode: GatewayOpcodes.RequestGuildMembers,
      retry_after: retryAfter,
      meta: { guild_id: guildId, ...(nonce === undefined ? {} : { nonce }) },
    });
    return;
  }
  session.allMembersAt.set(guildId, now);
  const chunkCount = guild.memberChunkCount(MEMBER_CHUNK_SIZE);
  for (let chunkIndex = 0; chunkIndex < chunkCount; chunkIndex += 1) {
    const members = guild.memberChunkJson(MEMBER_CHUNK_SIZE, chunkIndex);
    session.sequence += 1;
    // Written as text around the cached member JSON: the same bytes JSON.stringify would give.
    const data = `{"guild_id":${JSON.stringify(guildId)},"members":${members},"chunk_index":${chunkIndex},"chunk_count":${chunkCount}${nonce === undefined ? '' : `,"nonce":${JSON.stringify(nonce)}`}}`;
    sendText(
      session,
      `{"op":${GatewayOpcodes.Dispatch},"t":"${GatewayDispatchEvents.GuildMembersChunk}","s":${session.sequence},"d":${data}}`,
    );
    // One chunk at a time, so a 50,000-member list never holds the simulator's event loop.
    await yieldToLoop();
  }
}
