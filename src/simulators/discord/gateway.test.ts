import { GatewayCloseCodes, GatewayDispatchEvents, GatewayOpcodes } from 'discord-api-types/v10';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { DANGEROUS_GUILD_ID, LARGE_GUILD_ID, TYPICAL_GUILD_ID } from './fixtures/index.js';
import { ALL_MEMBERS_INTERVAL_MS } from './gateway.js';
import type { RunningDiscordSimulator } from './standalone.js';
import { startTestSimulator, TEST_APP } from './test-support.js';

/** The Gateway over a real WebSocket, speaking as @discordjs/ws does. */

interface Payload {
  op: number;
  t?: string;
  s?: number;
  d: Record<string, unknown>;
}

let sim: RunningDiscordSimulator;
beforeEach(async () => {
  sim = await startTestSimulator();
});
afterEach(async () => {
  await sim.close();
});

/** A raw Gateway client that keeps every payload and the close code. */
class RawClient {
  readonly payloads: Payload[] = [];
  closeCode: number | null = null;
  private readonly socket: WebSocket;
  private readonly waiters: Array<() => void> = [];

  constructor(url: string) {
    this.socket = new WebSocket(`${url}?v=10&encoding=json`);
    this.socket.on('message', (data: Buffer) => {
      this.payloads.push(JSON.parse(data.toString()) as Payload);
      this.wake();
    });
    this.socket.on('close', (code) => {
      this.closeCode = code;
      this.wake();
    });
  }

  send(payload: object): void {
    this.socket.send(JSON.stringify(payload));
  }

  identify(token: string = TEST_APP.botToken): void {
    this.send({
      op: GatewayOpcodes.Identify,
      d: { token, intents: 2, properties: { os: 'linux', browser: 't', device: 't' } },
    });
  }

  requestAllMembers(guildId: string, nonce: string): void {
    this.send({ op: GatewayOpcodes.RequestGuildMembers, d: { guild_id: guildId, query: '', limit: 0, nonce } });
  }

  dispatches(event: string): Payload[] {
    return this.payloads.filter((payload) => payload.t === event);
  }

  async until(condition: () => boolean): Promise<void> {
    while (!condition()) {
      if (this.closeCode !== null) throw new Error(`closed with ${this.closeCode} while waiting`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  async closed(): Promise<number> {
    while (this.closeCode === null) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.closeCode;
  }

  close(): void {
    this.socket.close(1000);
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

async function gatewayUrl(): Promise<string> {
  const response = await fetch(`${sim.url}/api/v10/gateway/bot`, {
    headers: { authorization: `Bot ${TEST_APP.botToken}` },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { url: string; shards: number; session_start_limit: Record<string, number> };
  expect(body.shards).toBe(1);
  expect(body.session_start_limit).toMatchObject({ total: 1000, max_concurrency: 1 });
  return body.url;
}

async function readyClient(): Promise<RawClient> {
  const client = new RawClient(await gatewayUrl());
  await client.until(() => client.payloads.some((payload) => payload.op === GatewayOpcodes.Hello));
  client.identify();
  await client.until(() => client.dispatches(GatewayDispatchEvents.Ready).length === 1);
  return client;
}

describe('Discord Gateway', () => {
  it('points GET /gateway/bot at its own WebSocket and counts identified sessions against the daily starts', async () => {
    const url = await gatewayUrl();
    expect(url).toBe(`${sim.url.replace('http://', 'ws://')}/gateway`);
    const client = await readyClient();
    client.close();
    const after = (await (
      await fetch(`${sim.url}/api/v10/gateway/bot`, { headers: { authorization: `Bot ${TEST_APP.botToken}` } })
    ).json()) as { session_start_limit: { remaining: number } };
    expect(after.session_start_limit.remaining).toBe(999);
  });

  it('says Hello, answers Identify with Ready and one GUILD_CREATE per guild of the bot, and acks heartbeats', async () => {
    const client = await readyClient();
    const hello = client.payloads[0];
    expect(hello).toMatchObject({ op: GatewayOpcodes.Hello, d: { heartbeat_interval: 41_250 } });
    const ready = client.dispatches(GatewayDispatchEvents.Ready)[0];
    const guildIds = (ready?.d.guilds as Array<{ id: string; unavailable: boolean }>).map((guild) => guild.id);
    expect(guildIds).toEqual(expect.arrayContaining([TYPICAL_GUILD_ID, DANGEROUS_GUILD_ID, LARGE_GUILD_ID]));
    await client.until(() => client.dispatches(GatewayDispatchEvents.GuildCreate).length === guildIds.length);
    const large = client
      .dispatches(GatewayDispatchEvents.GuildCreate)
      .find((payload) => payload.d.id === LARGE_GUILD_ID);
    expect(large?.d).toMatchObject({ large: true, member_count: 50_007, unavailable: false });
    client.send({ op: GatewayOpcodes.Heartbeat, d: 2 });
    await client.until(() => client.payloads.some((payload) => payload.op === GatewayOpcodes.HeartbeatAck));
    const sequences = client.payloads.flatMap((payload) => (payload.s === undefined ? [] : [payload.s]));
    expect(sequences).toEqual(sequences.map((_, index) => index + 1));
    client.close();
  });

  it('sends a whole member list as 1,000-member chunks, every member exactly once, with the nonce', async () => {
    const client = await readyClient();
    client.requestAllMembers(LARGE_GUILD_ID, 'large-1');
    const chunks = () => client.dispatches(GatewayDispatchEvents.GuildMembersChunk);
    await client.until(() => chunks().length === 51);
    const ids = chunks().flatMap((chunk) => (chunk.d.members as Array<{ user: { id: string } }>).map((m) => m.user.id));
    const expected = sim.state.guild(LARGE_GUILD_ID)?.members.map((member) => member.user.id);
    expect(ids).toEqual(expected);
    expect(chunks().map((chunk) => [chunk.d.chunk_index, chunk.d.chunk_count, chunk.d.nonce])).toEqual(
      Array.from({ length: 51 }, (_, index) => [index, 51, 'large-1']),
    );
    client.close();
  });

  it('answers a second whole-list request for a guild within 30 s with RATE_LIMITED, per session', async () => {
    const client = await readyClient();
    client.requestAllMembers(TYPICAL_GUILD_ID, 'first');
    await client.until(() => client.dispatches(GatewayDispatchEvents.GuildMembersChunk).length === 1);
    client.requestAllMembers(TYPICAL_GUILD_ID, 'again');
    await client.until(() => client.dispatches(GatewayDispatchEvents.RateLimited).length === 1);
    const limited = client.dispatches(GatewayDispatchEvents.RateLimited)[0]?.d;
    expect(limited).toMatchObject({
      opcode: GatewayOpcodes.RequestGuildMembers,
      meta: { guild_id: TYPICAL_GUILD_ID, nonce: 'again' },
    });
    expect(limited?.retry_after).toBeGreaterThan(0);
    expect(limited?.retry_after).toBeLessThanOrEqual(ALL_MEMBERS_INTERVAL_MS / 1000);
    // Another guild may be asked for at once, and a new session may ask for the first one again.
    client.requestAllMembers(DANGEROUS_GUILD_ID, 'other');
    await client.until(() => client.dispatches(GatewayDispatchEvents.GuildMembersChunk).length === 2);
    client.close();
    const fresh = await readyClient();
    fresh.requestAllMembers(TYPICAL_GUILD_ID, 'fresh');
    await fresh.until(() => fresh.dispatches(GatewayDispatchEvents.GuildMembersChunk).length === 1);
    fresh.close();
  });

  it('closes with 4014 when the members intent is not allowed, 4004 on a wrong token, 4003 before Identify', async () => {
    sim.state.setGuildToggles(TYPICAL_GUILD_ID, { membersIntent: false });
    const noIntent = await readyClient();
    noIntent.requestAllMembers(TYPICAL_GUILD_ID, 'n');
    expect(await noIntent.closed()).toBe(GatewayCloseCodes.DisallowedIntents);

    const wrongToken = new RawClient(await gatewayUrl());
    await wrongToken.until(() => wrongToken.payloads.length === 1);
    wrongToken.identify('not-the-token');
    expect(await wrongToken.closed()).toBe(GatewayCloseCodes.AuthenticationFailed);

    const early = new RawClient(await gatewayUrl());
    await early.until(() => early.payloads.length === 1);
    early.requestAllMembers(TYPICAL_GUILD_ID, 'e');
    expect(await early.closed()).toBe(GatewayCloseCodes.NotAuthenticated);
  });
});
