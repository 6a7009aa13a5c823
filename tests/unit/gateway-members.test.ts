import type { APIGuildMember } from 'discord-api-types/v10';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BotNotInGuildError, collectSnapshot, createBotRest } from '../../src/audit/collector.js';
import { mergeMemberChunks, readMembersThroughGateway } from '../../src/audit/gateway-members.js';
import { makeMember } from '../../src/audit/testing/make-snapshot.js';
import { SIMULATED_DISCORD_APP } from '../../src/server/config.js';
import {
  HARDENED_GUILD_ID,
  LARGE_GUILD_ID,
  startDiscordSimulator,
  TYPICAL_GUILD_ID,
  type RunningDiscordSimulator,
} from '../../src/simulators/discord/index.js';

/** The member list through the simulator's Gateway, over real HTTP and a real WebSocket. */

let sim: RunningDiscordSimulator;
const { clientId, clientSecret, botToken } = SIMULATED_DISCORD_APP;
beforeEach(async () => {
  sim = await startDiscordSimulator({ clientId, clientSecret, botToken, redirectUris: [] });
});
afterEach(async () => {
  await sim.close();
});

const clientFor = () => ({ rest: createBotRest(botToken, `${sim.url}/api`), botToken });
const read = (guildId: string) => readMembersThroughGateway({ ...clientFor(), guildId });
const collect = (guildId: string) => collectSnapshot({ ...clientFor(), guildId });

/** The simulator sees every Gateway connection closed (the client's close frame takes a moment to arrive). */
async function connectionsClosed(): Promise<void> {
  for (let attempt = 0; attempt < 100 && sim.state.gatewayConnectionsOpen > 0; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(sim.state.gatewayConnectionsOpen).toBe(0);
}

const idsOf = (members: readonly APIGuildMember[] | undefined) => members?.map((member) => member.user.id);

describe('readMembersThroughGateway', () => {
  it('reads all 50,007 members of the large guild, each exactly once, in id order, with one request', async () => {
    const result = await read(LARGE_GUILD_ID);
    expect('members' in result && idsOf(result.members)).toEqual(idsOf(sim.state.guild(LARGE_GUILD_ID)?.members));
    expect(sim.state.requestCounts()).toEqual({ 'GET /gateway/bot': 1 });
    expect(sim.state.gatewaySessionsStarted).toBe(1);
  });

  it('waits out a 429 on GET /gateway/bot as the headers say, then reads the list', async () => {
    sim.state.forceRateLimit('GET /gateway/bot', 1, 0.2);
    const result = await read(TYPICAL_GUILD_ID);
    expect('members' in result && result.members).toHaveLength(sim.state.guild(TYPICAL_GUILD_ID)?.members.length ?? -1);
    expect(sim.state.requestLog.map((entry) => entry.status)).toEqual([429, 200]);
  });

  it('reports a member list the app may not read, and a guild the bot is not in', async () => {
    sim.state.setGuildToggles(TYPICAL_GUILD_ID, { membersIntent: false });
    expect(await read(TYPICAL_GUILD_ID)).toEqual({ intentUnavailable: true });
    expect(await read(HARDENED_GUILD_ID)).toEqual({ notInGuild: true });
    await connectionsClosed();
  });

  it('closes its session however the audit ends, even when cancelled while the session is still connecting', async () => {
    await read(TYPICAL_GUILD_ID);
    await connectionsClosed();
    // The collector cancels the read when GET /guilds/{id} fails first: here before the handshake is done.
    await expect(collect(HARDENED_GUILD_ID)).rejects.toBeInstanceOf(BotNotInGuildError);
    await connectionsClosed();
    const cancel = new AbortController();
    const cancelled = readMembersThroughGateway({ ...clientFor(), guildId: TYPICAL_GUILD_ID, signal: cancel.signal });
    cancel.abort();
    await expect(cancelled).rejects.toThrow('cancelled');
    await connectionsClosed();
    expect(sim.state.gatewaySessionsStarted).toBeGreaterThanOrEqual(3);
  });
});

describe('mergeMemberChunks', () => {
  it('puts chunks that arrive out of order back in id order and drops repeated members', () => {
    const member = (id: string) => makeMember(id, `u${id}`, []);
    const merged = mergeMemberChunks([
      [member('300000000000000000'), member('1000000000000000000')],
      [member('20000000000000000'), member('300000000000000000')],
    ]);
    expect(idsOf(merged)).toEqual(['20000000000000000', '300000000000000000', '1000000000000000000']);
  });
});
