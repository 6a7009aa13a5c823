import { REST } from '@discordjs/rest';
import type { RateLimitData } from '@discordjs/rest';
import { Routes } from 'discord-api-types/v10';
import type { APIGuild } from 'discord-api-types/v10';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DANGEROUS_GUILD_ID, TYPICAL_GUILD_ID } from './fixtures/index.js';
import type { RunningDiscordSimulator } from './standalone.js';
import { startTestSimulator, TEST_APP } from './test-support.js';

/** Discord's rate-limit headers and 429 bodies (discord-reference §4), and @discordjs/rest living with them. */

const BUCKET_HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-ratelimit-reset-after',
  'x-ratelimit-bucket',
];

let sim: RunningDiscordSimulator;
beforeEach(async () => {
  sim = await startTestSimulator();
});
afterEach(async () => {
  await sim.close();
});

const get = (path: string) =>
  fetch(`${sim.url}/api/v10${path}`, { headers: { authorization: `Bot ${TEST_APP.botToken}` } });

function headersOf(response: Response): Record<string, string> {
  return Object.fromEntries(
    [...response.headers].filter(([name]) => name.startsWith('x-ratelimit-') || name === 'retry-after'),
  );
}

describe('rate-limit headers', () => {
  it('sends the five bucket headers on an ordinary response, without scope or global', async () => {
    const headers = headersOf(await get(`/guilds/${TYPICAL_GUILD_ID}`));
    expect(Object.keys(headers).sort()).toEqual([...BUCKET_HEADERS].sort());
    expect(headers['x-ratelimit-limit']).toMatch(/^\d+$/);
    expect(headers['x-ratelimit-reset']).toMatch(/^\d+\.\d{3}$/);
    expect(headers['x-ratelimit-reset-after']).toMatch(/^\d+\.\d{3}$/);
  });

  it('answers a route 429 with Retry-After in whole seconds (rounded up) and retry_after as a float', async () => {
    sim.state.forceRateLimit(`GET /guilds/${TYPICAL_GUILD_ID}`, 1, 1.5);
    const limited = await get(`/guilds/${TYPICAL_GUILD_ID}`);
    expect(limited.status).toBe(429);
    const headers = headersOf(limited);
    expect(headers).toMatchObject({
      'retry-after': '2',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset-after': '1.500',
      'x-ratelimit-scope': 'user',
    });
    expect(Object.keys(headers).sort()).toEqual([...BUCKET_HEADERS, 'retry-after', 'x-ratelimit-scope'].sort());
    expect(await limited.json()).toEqual({
      message: 'You are being rate limited.',
      retry_after: 1.5,
      global: false,
      code: 0,
    });
  });

  it('never sends a Retry-After of zero or a fraction', async () => {
    sim.state.forceRateLimit('*', 1, 0.2);
    sim.state.forceRateLimit('*', 1, 3);
    expect((await get('/users/@me')).headers.get('retry-after')).toBe('1');
    expect((await get('/users/@me')).headers.get('retry-after')).toBe('3');
  });

  it('answers a global 429 with X-RateLimit-Global and scope global, and no per-route bucket headers', async () => {
    sim.state.forceRateLimit('*', 1, 0.75, { global: true });
    const limited = await get(`/guilds/${TYPICAL_GUILD_ID}/channels`);
    expect(limited.status).toBe(429);
    expect(headersOf(limited)).toEqual({
      'retry-after': '1',
      'x-ratelimit-global': 'true',
      'x-ratelimit-scope': 'global',
    });
    expect(await limited.json()).toEqual({
      message: 'You are being rate limited.',
      retry_after: 0.75,
      global: true,
      code: 0,
    });
  });

  it('keeps the bucket headers on a shared-resource 429', async () => {
    sim.state.forceRateLimit('*', 1, 1, { scope: 'shared' });
    const headers = headersOf(await get(`/guilds/${TYPICAL_GUILD_ID}/roles`));
    expect(headers['x-ratelimit-scope']).toBe('shared');
    expect(headers['x-ratelimit-global']).toBeUndefined();
    for (const name of BUCKET_HEADERS) expect(headers[name]).toBeDefined();
  });

  it('refuses requests over the bucket limit when enforcing, with the time left until the reset', async () => {
    Object.assign(sim.state.rateLimiter.settings, { enforce: true, limit: 2, windowMs: 1500 });
    expect((await get(`/guilds/${TYPICAL_GUILD_ID}/roles`)).status).toBe(200);
    expect((await get(`/guilds/${TYPICAL_GUILD_ID}/roles`)).status).toBe(200);
    expect((await get(`/guilds/${DANGEROUS_GUILD_ID}/roles`)).status).toBe(200);
    const limited = await get(`/guilds/${TYPICAL_GUILD_ID}/roles`);
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as { retry_after: number; global: boolean };
    expect(body.global).toBe(false);
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(1.5);
    expect(limited.headers.get('retry-after')).toBe(String(Math.ceil(body.retry_after)));
  });

  it('enforces the global limit of 50 bot requests a second across routes and guilds, by default', async () => {
    const paths = Array.from({ length: 50 }, (_, n) =>
      n % 2 === 0 ? `/guilds/${TYPICAL_GUILD_ID}/roles` : `/guilds/${DANGEROUS_GUILD_ID}/channels`,
    );
    const statuses = await Promise.all(paths.map(async (path) => (await get(path)).status));
    expect(statuses.every((status) => status === 200)).toBe(true);
    const limited = await get('/users/@me');
    expect(limited.status).toBe(429);
    expect(headersOf(limited)).toMatchObject({ 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' });
    const body = (await limited.json()) as { retry_after: number; global: boolean };
    expect(body.global).toBe(true);
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(1);
  });
});

describe('@discordjs/rest with Discord-style 429s', () => {
  const client = () => new REST({ version: '10', api: `${sim.url}/api` }).setToken(TEST_APP.botToken);

  it('stays within the announced limits on its own: 120 requests over two routes, not one 429', async () => {
    const rest = client();
    const reads = Array.from({ length: 120 }, (_, n) =>
      rest.get(n % 2 === 0 ? Routes.guildRoles(TYPICAL_GUILD_ID) : Routes.guildChannels(DANGEROUS_GUILD_ID)),
    );
    await Promise.all(reads);
    expect(sim.state.requestLog).toHaveLength(120);
    expect(sim.state.requestLog.filter((entry) => entry.status === 429)).toEqual([]);
  });

  it('waits out a global 429 for every route, then succeeds', async () => {
    const rest = client();
    const events: RateLimitData[] = [];
    rest.on('rateLimited', (info) => events.push(info));
    sim.state.forceRateLimit('*', 1, 0.5, { global: true });
    const started = Date.now();
    const [guild, roles] = await Promise.all([
      rest.get(Routes.guild(TYPICAL_GUILD_ID)) as Promise<APIGuild>,
      rest.get(Routes.guildRoles(DANGEROUS_GUILD_ID)),
    ]);
    expect(guild.id).toBe(TYPICAL_GUILD_ID);
    expect(roles).toBeInstanceOf(Array);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    // The library reports the other route's request as held back by the global limit.
    expect(events.map((event) => event.global)).toContain(true);
    expect(sim.state.requestLog.filter((entry) => entry.status === 429)).toHaveLength(1);
  });
});
