import { DiscordAPIError, REST } from '@discordjs/rest';
import { Routes } from 'discord-api-types/v10';
import type {
  APIGuild,
  APIGuildChannel,
  APIGuildMember,
  APIUser,
  RESTAPIPartialCurrentUserGuild,
} from 'discord-api-types/v10';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DANGEROUS_GUILD_ID,
  HARDENED_GUILD_ID,
  LARGE_GUILD_ID,
  STUDY_HALL_GUILD_ID,
  TYPICAL_GUILD_ID,
} from './fixtures/index.js';
import { ALL_PERMISSIONS } from './permissions.js';
import type { RunningDiscordSimulator } from './standalone.js';
import { startTestSimulator, TEST_APP, userAccessToken } from './test-support.js';

const OLIVIA = '1100000000000000001';
const MONA = '1100000000000000004';
const BOT = { authorization: `Bot ${TEST_APP.botToken}` };

let sim: RunningDiscordSimulator;
beforeEach(async () => {
  sim = await startTestSimulator();
});
afterEach(async () => {
  await sim.close();
});

async function get(path: string, headers: Record<string, string> = BOT): Promise<Response> {
  return fetch(`${sim.url}/api/v10${path}`, { headers });
}

describe('user routes (Bearer)', () => {
  it('returns the signed-in account with its private fields', async () => {
    const token = await userAccessToken(sim.url, OLIVIA);
    const me = (await (await get('/users/@me', { authorization: `Bearer ${token}` })).json()) as APIUser;
    expect(me).toMatchObject({
      id: OLIVIA,
      username: 'olivia',
      global_name: 'Olivia Owner',
      discriminator: '1001',
      mfa_enabled: false,
      locale: 'en-US',
    });
    const authorization = await (await get('/oauth2/@me', { authorization: `Bearer ${token}` })).json();
    expect(authorization).toMatchObject({
      application: { id: TEST_APP.clientId },
      scopes: ['identify', 'guilds'],
      user: { id: OLIVIA },
    });
  });

  it('lists guilds with guild-level permissions: every bit for the owner, roles for a member', async () => {
    const olivia = (await (
      await get('/users/@me/guilds?with_counts=true', {
        authorization: `Bearer ${await userAccessToken(sim.url, OLIVIA)}`,
      })
    ).json()) as RESTAPIPartialCurrentUserGuild[];
    const owned = olivia.filter((guild) => guild.owner).map((guild) => guild.id);
    expect(owned).toEqual([TYPICAL_GUILD_ID, DANGEROUS_GUILD_ID, LARGE_GUILD_ID]);
    const typical = olivia.find((guild) => guild.id === TYPICAL_GUILD_ID);
    expect(typical?.permissions).toBe(ALL_PERMISSIONS.toString());
    expect(typical?.approximate_member_count).toBe(600);
    expect(typical?.features).toContain('COMMUNITY');

    const mona = (await (
      await get('/users/@me/guilds', { authorization: `Bearer ${await userAccessToken(sim.url, MONA)}` })
    ).json()) as RESTAPIPartialCurrentUserGuild[];
    const inTypical = mona.find((guild) => guild.id === TYPICAL_GUILD_ID);
    expect(inTypical?.owner).toBe(false);
    expect(BigInt(inTypical?.permissions ?? '0') & 32n).toBe(32n);
    const inDangerous = mona.find((guild) => guild.id === DANGEROUS_GUILD_ID);
    expect(BigInt(inDangerous?.permissions ?? '0') & 40n).toBe(0n);
    expect(inDangerous?.approximate_member_count).toBeUndefined();
  });

  it('refuses a Bearer token on bot routes and a bad scheme everywhere with 401', async () => {
    const token = await userAccessToken(sim.url, OLIVIA);
    const attempts: Array<Record<string, string>> = [
      { authorization: `Bearer ${token}` },
      { authorization: 'Token abc' },
      { authorization: 'Bot wrong' },
      {},
    ];
    for (const headers of attempts) {
      const response = await get(`/guilds/${TYPICAL_GUILD_ID}`, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: '401: Unauthorized', code: 0 });
    }
  });
});

describe('bot routes', () => {
  it('identifies the bot and the application', async () => {
    expect(await (await get('/users/@me')).json()).toMatchObject({
      id: TEST_APP.clientId,
      username: 'Rampart Audit',
      bot: true,
    });
    expect(await (await get('/oauth2/applications/@me')).json()).toMatchObject({
      id: TEST_APP.clientId,
      bot_public: true,
      bot: { id: TEST_APP.clientId },
    });
    const guilds = (await (await get('/users/@me/guilds')).json()) as RESTAPIPartialCurrentUserGuild[];
    expect(guilds.map((guild) => guild.id)).toEqual([
      TYPICAL_GUILD_ID,
      DANGEROUS_GUILD_ID,
      LARGE_GUILD_ID,
      STUDY_HALL_GUILD_ID,
    ]);
    // @everyone's bits plus the managed role's least-privilege set.
    expect(BigInt(guilds[0]?.permissions ?? '0') & 536872096n).toBe(536872096n);
  });

  it('reads a guild with its roles and counts', async () => {
    const guild = (await (await get(`/guilds/${TYPICAL_GUILD_ID}?with_counts=true`)).json()) as APIGuild;
    expect(guild).toMatchObject({
      id: TYPICAL_GUILD_ID,
      name: 'Pixel Plaza',
      owner_id: OLIVIA,
      mfa_level: 0,
      approximate_member_count: 600,
    });
    expect(guild.roles.find((role) => role.id === TYPICAL_GUILD_ID)).toMatchObject({ name: '@everyone', position: 0 });
    expect(guild.roles.find((role) => role.tags?.bot_id === TEST_APP.clientId)).toMatchObject({
      managed: true,
      permissions: '536872096',
    });
    const plain = (await (await get(`/guilds/${TYPICAL_GUILD_ID}`)).json()) as APIGuild;
    expect(plain.approximate_member_count).toBeUndefined();
  });

  it('answers Discord error bodies: unknown guild, not a member, missing permissions', async () => {
    const unknown = await get('/guilds/1200000000000000099');
    expect([unknown.status, await unknown.json()]).toEqual([404, { message: 'Unknown Guild', code: 10004 }]);
    const notIn = await get(`/guilds/${HARDENED_GUILD_ID}/channels`);
    expect([notIn.status, await notIn.json()]).toEqual([403, { message: 'Missing Access', code: 50001 }]);
    // Study Hall's bot was invited read-only (1152): no MANAGE_GUILD, no MANAGE_WEBHOOKS.
    for (const path of ['auto-moderation/rules', 'integrations', 'webhooks']) {
      const response = await get(`/guilds/${STUDY_HALL_GUILD_ID}/${path}`);
      expect([response.status, await response.json()]).toEqual([403, { message: 'Missing Permissions', code: 50013 }]);
    }
    expect((await get(`/guilds/${STUDY_HALL_GUILD_ID}/audit-logs`)).status).toBe(200);
    const route = await get('/guilds/1/nothing-here');
    expect([route.status, await route.json()]).toEqual([404, { message: '404: Not Found', code: 0 }]);
    const limit = await get(`/guilds/${TYPICAL_GUILD_ID}/members?limit=1001`);
    expect(limit.status).toBe(400);
    expect(await limit.json()).toMatchObject({
      code: 50035,
      errors: { limit: { _errors: [{ code: 'NUMBER_TYPE_MAX' }] } },
    });
  });

  it('pages members by ascending user id with limit defaulting to 1', async () => {
    const first = (await (await get(`/guilds/${TYPICAL_GUILD_ID}/members`)).json()) as APIGuildMember[];
    expect(first.map((entry) => entry.user.id)).toEqual([OLIVIA]);
    const page = (await (
      await get(`/guilds/${TYPICAL_GUILD_ID}/members?limit=1000&after=${OLIVIA}`)
    ).json()) as APIGuildMember[];
    expect(page).toHaveLength(599);
    const ids = page.map((entry) => BigInt(entry.user.id));
    expect(ids.every((id, index) => index === 0 || id > (ids[index - 1] ?? 0n))).toBe(true);
    const bot = await (await get(`/guilds/${TYPICAL_GUILD_ID}/members/${TEST_APP.clientId}`)).json();
    expect(bot).toMatchObject({ user: { bot: true } });
  });

  it('honours the per-fixture toggles: members intent and channel obfuscation', async () => {
    sim.state.setGuildToggles(TYPICAL_GUILD_ID, { membersIntent: false });
    const members = await get(`/guilds/${TYPICAL_GUILD_ID}/members?limit=10`);
    expect([members.status, await members.json()]).toEqual([403, { message: 'Missing Access', code: 50001 }]);

    const visible = (await (await get(`/guilds/${TYPICAL_GUILD_ID}/channels`)).json()) as APIGuildChannel[];
    expect(visible.map((channel) => channel.name)).not.toContain('staff-chat');
    sim.state.setGuildToggles(TYPICAL_GUILD_ID, { channelObfuscation: false });
    const all = (await (await get(`/guilds/${TYPICAL_GUILD_ID}/channels`)).json()) as APIGuildChannel[];
    expect(all.map((channel) => channel.name)).toContain('staff-chat');
  });

  it('serves role counts, webhooks with tokens, audit logs newest first, welcome screen and onboarding', async () => {
    const counts = (await (await get(`/guilds/${TYPICAL_GUILD_ID}/roles/member-counts`)).json()) as Record<
      string,
      number
    >;
    expect(counts[TYPICAL_GUILD_ID]).toBeUndefined();
    expect(Object.values(counts)).toContain(0);
    const webhooks = (await (await get(`/guilds/${TYPICAL_GUILD_ID}/webhooks`)).json()) as Array<{
      type: number;
      token?: string;
    }>;
    expect(webhooks.filter((webhook) => webhook.type === 1).every((webhook) => typeof webhook.token === 'string')).toBe(
      true,
    );
    const log = (await (await get(`/guilds/${TYPICAL_GUILD_ID}/audit-logs?limit=5`)).json()) as {
      audit_log_entries: Array<{ id: string; user_id: string }>;
      users: APIUser[];
    };
    const ids = log.audit_log_entries.map((entry) => BigInt(entry.id));
    expect(ids.every((id, index) => index === 0 || id < (ids[index - 1] ?? 0n))).toBe(true);
    expect(log.users.map((user) => user.id)).toEqual(
      expect.arrayContaining(log.audit_log_entries.map((entry) => entry.user_id)),
    );
    const filtered = (await (await get(`/guilds/${TYPICAL_GUILD_ID}/audit-logs?action_type=28`)).json()) as {
      audit_log_entries: Array<{ target_id: string }>;
    };
    expect(filtered.audit_log_entries.map((entry) => entry.target_id)).toEqual([TEST_APP.clientId]);
    expect((await get(`/guilds/${TYPICAL_GUILD_ID}/welcome-screen`)).status).toBe(200);
    expect(await (await get(`/guilds/${TYPICAL_GUILD_ID}/onboarding`)).json()).toMatchObject({
      guild_id: TYPICAL_GUILD_ID,
      enabled: false,
    });
  });
});

describe('rate limits', () => {
  it('sends the bucket headers on every API response and counts requests per route', async () => {
    const response = await get(`/guilds/${TYPICAL_GUILD_ID}/channels`);
    for (const header of [
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'x-ratelimit-reset-after',
      'x-ratelimit-bucket',
    ]) {
      expect(response.headers.get(header)).toBeTruthy();
    }
    await get(`/guilds/${DANGEROUS_GUILD_ID}/channels`);
    expect(sim.state.requestCounts()['GET /guilds/:guildId/channels']).toBe(2);
  });

  it('answers forced 429s with Retry-After, scope and Discord body', async () => {
    sim.state.forceRateLimit('GET /guilds/:guildId/channels', 1, 1.5);
    const limited = await get(`/guilds/${TYPICAL_GUILD_ID}/channels`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.headers.get('x-ratelimit-scope')).toBe('user');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await limited.json()).toEqual({
      message: 'You are being rate limited.',
      retry_after: 1.5,
      global: false,
      code: 0,
    });
    expect((await get(`/guilds/${TYPICAL_GUILD_ID}/channels`)).status).toBe(200);

    sim.state.forceRateLimit('*', 1, 2, { global: true });
    const global = await get('/users/@me');
    expect(global.headers.get('x-ratelimit-global')).toBe('true');
    expect(global.headers.get('x-ratelimit-scope')).toBe('global');
  });
});

describe('@discordjs/rest against the simulator', () => {
  const client = () => new REST({ version: '10', api: `${sim.url}/api` }).setToken(TEST_APP.botToken);

  it('reads a guild and its channels', async () => {
    const guild = (await client().get(Routes.guild(TYPICAL_GUILD_ID), {
      query: new URLSearchParams({ with_counts: 'true' }),
    })) as APIGuild;
    expect(guild.name).toBe('Pixel Plaza');
    const channels = (await client().get(Routes.guildChannels(TYPICAL_GUILD_ID))) as APIGuildChannel[];
    expect(channels.length).toBeGreaterThan(5);
  });

  it('accepts @me percent-encoded, as @discordjs/rest sends it (/users/%40me)', async () => {
    expect(await client().get(Routes.user())).toMatchObject({ id: TEST_APP.clientId, bot: true });
    const guilds = (await client().get(Routes.userGuilds())) as RESTAPIPartialCurrentUserGuild[];
    expect(guilds).toHaveLength(4);
    expect(await client().get(Routes.currentApplication())).toMatchObject({ id: TEST_APP.clientId });
    expect(Object.keys(sim.state.requestCounts())).toEqual([
      'GET /users/@me',
      'GET /users/@me/guilds',
      'GET /applications/@me',
    ]);
  });

  it('retries a forced 429 after Retry-After', async () => {
    const rest = client();
    const limited: number[] = [];
    rest.on('rateLimited', (info) => limited.push(info.retryAfter));
    sim.state.forceRateLimit(`/guilds/${TYPICAL_GUILD_ID}`, 1, 0.4);
    const started = Date.now();
    const guild = (await rest.get(Routes.guild(TYPICAL_GUILD_ID))) as APIGuild;
    expect(guild.id).toBe(TYPICAL_GUILD_ID);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(limited).toHaveLength(1);
    const statuses = sim.state.requestLog.map((entry) => entry.status);
    expect(statuses).toEqual([429, 200]);
  });

  it('surfaces Discord error codes as DiscordAPIError', async () => {
    const error = await client()
      .get(Routes.guild(HARDENED_GUILD_ID))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect(error).toMatchObject({ status: 403, code: 50001 });
  });
});
