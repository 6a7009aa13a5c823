import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DiscordAPIError } from '@discordjs/rest';
import type { APIAuditLog, APIGuildMember } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BotNotInGuildError,
  collectSnapshot,
  createBotRest,
  isBotNotInGuild,
  isMissingAccess,
  isMissingWelcomeScreen,
  nextMembersCursor,
} from './collector.js';
import { auditLogPageEnd, mergeAuditLogPages } from './audit-log-reader.js';
import {
  COLLECTED_AT,
  IDS,
  makeMember,
  makeSnapshot,
  makeWebhook,
  snowflakeDaysBefore,
} from './testing/make-snapshot.js';
import { attachGatewayStandIn } from './testing/gateway-stand-in.js';

function discordError(status: number, code: number): DiscordAPIError {
  return new DiscordAPIError({ code, message: 'error' }, code, status, 'GET', 'https://discord.com/api/v10/x', {});
}

const emptyLog: APIAuditLog = {
  audit_log_entries: [],
  users: [],
  webhooks: [],
  integrations: [],
  threads: [],
  auto_moderation_rules: [],
  guild_scheduled_events: [],
  application_commands: [],
};

describe('collector error mapping', () => {
  const asLike = (error: DiscordAPIError) => ({ status: error.status, code: error.code });

  it('turns 403 Missing Access and Missing Permissions into an unreadable part', () => {
    expect(isMissingAccess(asLike(discordError(403, 50001)))).toBe(true);
    expect(isMissingAccess(asLike(discordError(403, 50013)))).toBe(true);
    expect(isMissingAccess(asLike(discordError(404, 10004)))).toBe(false);
    expect(isMissingAccess(asLike(discordError(400, 50035)))).toBe(false);
    expect(isMissingAccess(null)).toBe(false);
  });

  it('recognises a bot that is not in the guild', () => {
    expect(isBotNotInGuild(asLike(discordError(404, 10004)))).toBe(true);
    expect(isBotNotInGuild(asLike(discordError(403, 50001)))).toBe(true);
    expect(isBotNotInGuild(asLike(discordError(403, 50013)))).toBe(false);
  });

  it('recognises a community guild without a welcome screen', () => {
    expect(isMissingWelcomeScreen(asLike(discordError(404, 10069)))).toBe(true);
    expect(isMissingWelcomeScreen(asLike(discordError(404, 10004)))).toBe(false);
  });
});

describe('collector pagination', () => {
  const page = (count: number): APIGuildMember[] =>
    Array.from({ length: count }, (_, n) => makeMember(String(1000 + n), `m${n}`, []));

  it('continues members after the last user id of a full page and stops on a short one', () => {
    expect(nextMembersCursor(page(1000))).toBe('1999');
    expect(nextMembersCursor(page(999))).toBeNull();
    expect(nextMembersCursor([])).toBeNull();
  });

  it('pages the audit log back only while the 45-day window is not covered', () => {
    const now = Date.parse(COLLECTED_AT);
    const entries = (days: number) =>
      Array.from({ length: 100 }, (_, n) => ({
        id: snowflakeDaysBefore(days, n),
        user_id: null,
        target_id: null,
        action_type: 1,
      }));
    const recent = { ...emptyLog, audit_log_entries: entries(10) };
    expect(auditLogPageEnd(recent, now, 1)).toEqual({ before: snowflakeDaysBefore(10, 0), truncated: false });
    expect(auditLogPageEnd({ ...emptyLog, audit_log_entries: entries(50) }, now, 1)).toEqual({
      before: null,
      truncated: false,
    });
    expect(auditLogPageEnd({ ...emptyLog, audit_log_entries: entries(10).slice(0, 40) }, now, 1)).toEqual({
      before: null,
      truncated: false,
    });
  });

  it('records a log cut at the page ceiling inside the 45-day window as truncated', () => {
    const now = Date.parse(COLLECTED_AT);
    const full = (days: number) => ({
      ...emptyLog,
      audit_log_entries: Array.from({ length: 100 }, (_, n) => ({
        id: snowflakeDaysBefore(days, n),
        user_id: null,
        target_id: null,
        action_type: 1,
      })),
    });
    expect(auditLogPageEnd(full(10), now, 5)).toEqual({ before: null, truncated: true });
    expect(auditLogPageEnd(full(50), now, 5)).toEqual({ before: null, truncated: false });
  });

  it('merges audit-log pages without duplicate users and without webhook tokens', () => {
    const user = { id: '1', username: 'a', discriminator: '0', global_name: null, avatar: null };
    const webhook = makeWebhook('9', 'Hook', IDS.generalChannel, IDS.admin, { token: 'secret-token' });
    const merged = mergeAuditLogPages([
      {
        ...emptyLog,
        users: [user],
        webhooks: [webhook],
        audit_log_entries: [{ id: '3', user_id: '1', target_id: null, action_type: 1 }],
      },
      { ...emptyLog, users: [user], audit_log_entries: [{ id: '2', user_id: '1', target_id: null, action_type: 1 }] },
    ]);
    expect(merged.users).toHaveLength(1);
    expect(merged.audit_log_entries.map((entry) => entry.id)).toEqual(['3', '2']);
    expect(JSON.stringify(merged)).not.toContain('secret-token');
  });
});

/** A few Discord routes over real HTTP, enough to exercise @discordjs/rest end to end. */
function startDiscordStandIn() {
  const base = makeSnapshot();
  const auditLog = { entries: base.auditLog?.audit_log_entries ?? [] };
  const humans = Array.from({ length: 2_345 }, (_, n) =>
    makeMember(String(220_000_000_000_000_000n + BigInt(n)), `u${n}`, []),
  );
  const members = [...humans, makeMember(IDS.helperBot, 'HelperBot', [IDS.helperBotRole], { bot: true })];
  const requests: string[] = [];
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = decodeURIComponent(url.pathname).replace('/api/v10', '');
    requests.push(`${path}${url.search}`);
    const guildPath = `/guilds/${IDS.guild}`;
    if (path === '/gateway/bot') return json(res, 200, gateway.gatewayBot());
    if (path === '/users/@me')
      return json(res, 200, {
        id: IDS.auditBot,
        username: 'Rampart',
        discriminator: '0',
        global_name: null,
        avatar: null,
        bot: true,
      });
    if (path.startsWith('/guilds/') && !path.startsWith(guildPath))
      return json(res, 404, { message: 'Unknown Guild', code: 10004 });
    if (path === guildPath) return json(res, 200, base.guild);
    if (path === `${guildPath}/channels`) return json(res, 200, base.channels);
    if (path === `${guildPath}/roles/member-counts`) return json(res, 200, base.roleMemberCounts);
    if (path === `${guildPath}/members`) {
      const after = BigInt(url.searchParams.get('after') ?? '0');
      const limit = Number(url.searchParams.get('limit') ?? '1');
      return json(res, 200, members.filter((member) => BigInt(member.user.id) > after).slice(0, limit));
    }
    if (path === `${guildPath}/auto-moderation/rules`)
      return json(res, 403, { message: 'Missing Permissions', code: 50013 });
    if (path === `${guildPath}/integrations`) return json(res, 200, base.integrations);
    if (path === `${guildPath}/webhooks`) {
      return json(res, 200, [
        makeWebhook('900000000000000001', 'Hook', IDS.generalChannel, IDS.admin, { token: 'never-store-me' }),
      ]);
    }
    if (path === `${guildPath}/audit-logs`) {
      const before = url.searchParams.get('before');
      const userId = url.searchParams.get('user_id');
      const selected = auditLog.entries
        .filter(
          (entry) =>
            (before === null || BigInt(entry.id) < BigInt(before)) && (userId === null || entry.user_id === userId),
        )
        .slice(0, Number(url.searchParams.get('limit') ?? '50'));
      return json(res, 200, { ...emptyLog, audit_log_entries: selected });
    }
    if (path === `${guildPath}/welcome-screen`)
      return json(res, 404, { message: 'Unknown Guild Welcome Screen', code: 10069 });
    if (path === `${guildPath}/onboarding`) return json(res, 200, base.onboarding);
    return json(res, 404, { message: '404: Not Found', code: 0 });
  });
  const gateway = attachGatewayStandIn(server, IDS.guild, () => members);
  return { server, requests, auditLog, gateway, members };
}

describe('collectSnapshot over HTTP', () => {
  const standIn = startDiscordStandIn();
  let apiUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}/api`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => standIn.server.close(() => resolve()));
  });

  it('collects every part, reads members through the Gateway, maps 403 to null and never keeps a webhook token', async () => {
    standIn.requests.length = 0;
    const { snapshot, restCalls } = await collectSnapshot({
      rest: createBotRest('test-bot-token', apiUrl),
      botToken: 'test-bot-token',
      guildId: IDS.guild,
      now: () => new Date(COLLECTED_AT),
    });
    expect(snapshot.botUserId).toBe(IDS.auditBot);
    // Chunks arrive last first; the snapshot keeps REST's order: ascending user id, each member once.
    expect(snapshot.members?.map((member) => member.user.id)).toEqual(standIn.members.map((member) => member.user.id));
    expect(standIn.gateway.memberRequests).toBe(1);
    expect(snapshot.autoModerationRules).toBeNull();
    expect(snapshot.welcomeScreen).toBeNull();
    expect(snapshot.onboarding?.enabled).toBe(true);
    expect(JSON.stringify(snapshot)).not.toContain('never-store-me');
    // @me, guild, gateway/bot, channels, counts, automod, integrations, webhooks, audit log, welcome, onboarding
    expect(restCalls).toBe(11);
    expect(standIn.requests).toHaveLength(11);
    expect(standIn.requests.some((request) => request.includes('/members'))).toBe(false);
    expect(standIn.requests).toContain(`/guilds/${IDS.guild}?with_counts=true`);
  });

  it('completes a log longer than its page ceiling with one user_id query per bot it does not show', async () => {
    const busy = Array.from({ length: 600 }, (_, n) => ({
      id: snowflakeDaysBefore(1 + n / 100, 600 - n),
      user_id: IDS.moderator,
      target_id: null,
      action_type: 24,
    }));
    const helperAction = { id: snowflakeDaysBefore(20), user_id: IDS.helperBot, target_id: null, action_type: 24 };
    standIn.auditLog.entries = [...busy, helperAction];
    standIn.requests.length = 0;
    try {
      const { snapshot, restCalls } = await collectSnapshot({
        rest: createBotRest('test-bot-token', apiUrl),
        botToken: 'test-bot-token',
        guildId: IDS.guild,
        now: () => new Date(COLLECTED_AT),
      });
      expect(snapshot.auditLog?.audit_log_entries).toHaveLength(500);
      expect(snapshot.auditLogTruncated).toBe(true);
      expect(snapshot.botActivity).toEqual({ [IDS.helperBot]: { status: 'read', latestEntryId: helperAction.id } });
      expect(standIn.requests.filter((request) => request.includes('user_id='))).toEqual([
        `/guilds/${IDS.guild}/audit-logs?user_id=${IDS.helperBot}&limit=1`,
      ]);
      // 10 fixed calls, 5 audit-log pages instead of 1, one per-bot query
      expect(restCalls).toBe(10 + 5 + 1);
    } finally {
      standIn.auditLog.entries = makeSnapshot().auditLog?.audit_log_entries ?? [];
    }
  });

  it('records a complete log as not truncated and makes no per-bot queries', async () => {
    standIn.requests.length = 0;
    const { snapshot } = await collectSnapshot({
      rest: createBotRest('test-bot-token', apiUrl),
      botToken: 'test-bot-token',
      guildId: IDS.guild,
      now: () => new Date(COLLECTED_AT),
    });
    expect(snapshot.auditLogTruncated).toBe(false);
    expect(snapshot.botActivity).toBeUndefined();
    expect(standIn.requests.some((request) => request.includes('user_id='))).toBe(false);
  });

  it('reads the member pages over REST when the Gateway refuses the whole-list request as too recent', async () => {
    standIn.requests.length = 0;
    standIn.gateway.rateLimitNext = true;
    const { snapshot, restCalls } = await collectSnapshot({
      rest: createBotRest('test-bot-token', apiUrl),
      botToken: 'test-bot-token',
      guildId: IDS.guild,
      now: () => new Date(COLLECTED_AT),
    });
    expect(snapshot.members?.map((member) => member.user.id)).toEqual(standIn.members.map((member) => member.user.id));
    expect(standIn.requests.filter((request) => request.startsWith(`/guilds/${IDS.guild}/members`))).toEqual([
      `/guilds/${IDS.guild}/members?limit=1000&after=0`,
      `/guilds/${IDS.guild}/members?limit=1000&after=${standIn.members[999]?.user.id}`,
      `/guilds/${IDS.guild}/members?limit=1000&after=${standIn.members[1999]?.user.id}`,
    ]);
    expect(restCalls).toBe(11 + 3);
  });

  it('throws BotNotInGuildError for a guild the bot is not in', async () => {
    await expect(
      collectSnapshot({
        rest: createBotRest('test-bot-token', apiUrl),
        botToken: 'test-bot-token',
        guildId: '100000000000000999',
      }),
    ).rejects.toBeInstanceOf(BotNotInGuildError);
  });
});
