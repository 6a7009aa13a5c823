import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { GatewayDispatchEvents, GatewayOpcodes, type APIGuildMember } from 'discord-api-types/v10';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A bare Discord Gateway for the collector's HTTP tests: Hello, Ready and one GUILD_CREATE, heartbeats,
 * and op 8 answered with member chunks sent last chunk first (Discord promises no order), or with
 * RATE_LIMITED when `rateLimitNext` is set.
 */
export interface GatewayStandIn {
  /** The next whole-list request is refused with RATE_LIMITED. */
  rateLimitNext: boolean;
  /** Member-list requests received. */
  memberRequests: number;
  /** `GET /gateway/bot` as Discord answers it, pointing at this server. */
  gatewayBot(): object;
}

const CHUNK_SIZE = 1000;

export function attachGatewayStandIn(
  server: Server,
  guildId: string,
  members: () => readonly APIGuildMember[],
): GatewayStandIn {
  const sockets = new WebSocketServer({ noServer: true });
  const standIn: GatewayStandIn = {
    rateLimitNext: false,
    memberRequests: 0,
    gatewayBot: () => ({
      url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/gateway`,
      shards: 1,
      session_start_limit: { total: 1000, remaining: 1000, reset_after: 86_400_000, max_concurrency: 1 },
    }),
  };
  const serve = (socket: WebSocket): void => {
    let sequence = 0;
    const send = (payload: object) => socket.send(JSON.stringify(payload));
    const dispatch = (event: string, data: unknown) => send({ op: 0, t: event, s: (sequence += 1), d: data });
    send({ op: GatewayOpcodes.Hello, d: { heartbeat_interval: 41_250 } });
    socket.on('message', (raw: Buffer) => {
      const { op, d } = JSON.parse(raw.toString()) as { op: number; d: { nonce?: string } };
      if (op === GatewayOpcodes.Heartbeat) return send({ op: GatewayOpcodes.HeartbeatAck });
      if (op === GatewayOpcodes.Identify) {
        dispatch(GatewayDispatchEvents.Ready, {
          v: 10,
          user: { id: '1', username: 'Rampart', discriminator: '0', global_name: null, avatar: null, bot: true },
          guilds: [{ id: guildId, unavailable: true }],
          session_id: 'stand-in',
          resume_gateway_url: standIn.gatewayBot(),
          application: { id: '1', flags: 0 },
        });
        return dispatch(GatewayDispatchEvents.GuildCreate, { id: guildId, unavailable: false });
      }
      if (op !== GatewayOpcodes.RequestGuildMembers) return undefined;
      standIn.memberRequests += 1;
      if (standIn.rateLimitNext) {
        standIn.rateLimitNext = false;
        return dispatch(GatewayDispatchEvents.RateLimited, {
          opcode: GatewayOpcodes.RequestGuildMembers,
          retry_after: 29.5,
          meta: { guild_id: guildId, nonce: d.nonce },
        });
      }
      const list = members();
      const count = Math.max(1, Math.ceil(list.length / CHUNK_SIZE));
      for (let index = count - 1; index >= 0; index -= 1) {
        dispatch(GatewayDispatchEvents.GuildMembersChunk, {
          guild_id: guildId,
          members: list.slice(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE),
          chunk_index: index,
          chunk_count: count,
          nonce: d.nonce,
        });
      }
      return undefined;
    });
  };
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    sockets.handleUpgrade(request, socket, head, serve);
  });
  server.on('close', () => {
    for (const client of sockets.clients) client.terminate();
  });
  return standIn;
}
