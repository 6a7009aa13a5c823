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
  mergeAuditLogPages,
  nextAuditLogCursor,
  nextMembersCursor,
} from './collector.js';
import { COLLECTED_AT, IDS, makeMember, makeSnapshot, makeWebhook, snowflakeDaysBefore } from './testing/make-snapshot.js';

function discordError(status: number, code: number): DiscordAPIError {
  return new DiscordAPIError({ code, message: 'error' }, code, status, 'GET', 'https://discord.com/api/v10/x', {});
}

const emptyLog: APIAuditLog = {
  audit_log_entries: [], users: [], webhooks: [], integrations: [], threads: [],
  auto_moderation_rules: [], guild_scheduled_events: [], application_commands: [],
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
      Array.from({ length: 100 }, (_, n) => ({ id: snowflakeDaysBefore(days, n), user_id: null, target_id: null, action_type: 1 }));
    const recent = { ...emptyLog, audit_log_entries: entries(10) };
    expect(nextAuditLogCursor(recent, now, 1)).toBe(snowflakeDaysBefore(10, 0));
    expect(nextAuditLogCursor({ ...emptyLog, audit_log_entries: entries(50) }, now, 1)).toBeNull();
    expect(nextAuditLogCursor({ ...emptyLog, audit_log_entries: entries(10).slice(0, 40) }, now, 1)).toBeNull();
    expect(nextAuditLogCursor(recent, now, 5)).toBeNull();
  });

  it('merges audit-log pages without duplicate users and without webhook tokens', () => {
    const user = { id: '1', username: 'a', discriminator: '0', global_name: null, avatar: null };
    const webhook = makeWebhook('9', 'Hook', IDS.generalChannel, IDS.admin, { token: 'secret-token' });
    const merged = mergeAuditLogPages([
      { ...emptyLog, users: [user], webhooks: [webhook], audit_log_entries: [{ id: '3', user_id: '1', target_id: null, action_type: 1 }] },
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
  const members = Array.from({ length: 2_345 }, (_, n) => makeMember(String(220_000_000_000_000_000n + BigInt(n)), `u${n}`, []));
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
    if (path === '/users/@me') return json(res, 200, { id: IDS.auditBot, username: 'Rampart', discriminator: '0', global_name: null, avatar: null, bot: true });
    if (path.startsWith('/guilds/') && !path.startsWith(guildPath)) return json(res, 404, { message: 'Unknown Guild', code: 10004 });
    if (path === guildPath) return json(res, 200, base.guild);
    if (path === `${guildPath}/channels`) return json(res, 200, base.channels);
    if (path === `${guildPath}/roles/member-counts`) return json(res, 200, base.roleMemberCounts);
    if (path === `${guildPath}/members`) {
      const after = BigInt(url.searchParams.get('after') ?? '0');
      const limit = Number(url.searchParams.get('limit') ?? '1');
      return json(res, 200, members.filter((member) => BigInt(member.user.id) > after).slice(0, limit));
    }
    if (path === `${guildPath}/auto-moderation/rules`) return json(res, 403, { message: 'Missing Permissions', code: 50013 });
    if (path === `${guildPath}/integrations`) return json(res, 200, base.integrations);
    if (path === `${guildPath}/webhooks`) {
      return json(res, 200, [makeWebhook('900000000000000001', 'Hook', IDS.generalChannel, IDS.admin, { token: 'never-store-me' })]);
    }
    if (path === `${guildPath}/audit-logs`) return json(res, 200, base.auditLog);
    if (path === `${guildPath}/welcome-screen`) return json(res, 404, { message: 'Unknown Guild Welcome Screen', code: 10069 });
    if (path === `${guildPath}/onboarding`) return json(res, 200, base.onboarding);
    return json(res, 404, { message: '404: Not Found', code: 0 });
  });
  return { server, requests };
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

  it('collects every part, pages members, maps 403 to null and never keeps a webhook token', async () => {
    standIn.requests.length = 0;
    const { snapshot, restCalls } = await collectSnapshot({
      rest: createBotRest('test-bot-token', apiUrl),
      guildId: IDS.guild,
      now: () => new Date(COLLECTED_AT),
    });
    expect(snapshot.botUserId).toBe(IDS.auditBot);
    expect(snapshot.members).toHaveLength(2_345);
    expect(snapshot.autoModerationRules).toBeNull();
    expect(snapshot.welcomeScreen).toBeNull();
    expect(snapshot.onboarding?.enabled).toBe(true);
    expect(JSON.stringify(snapshot)).not.toContain('never-store-me');
    // @me, guild, channels, counts, 3 member pages, automod, integrations, webhooks, audit log, welcome, onboarding
    expect(restCalls).toBe(13);
    expect(standIn.requests).toHaveLength(13);
    expect(standIn.requests).toContain(`/guilds/${IDS.guild}?with_counts=true`);
  });

  it('throws BotNotInGuildError for a guild the bot is not in', async () => {
    await expect(
      collectSnapshot({ rest: createBotRest('test-bot-token', apiUrl), guildId: '100000000000000999' }),
    ).rejects.toBeInstanceOf(BotNotInGuildError);
  });
});
