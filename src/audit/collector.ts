import { DiscordAPIError, REST } from '@discordjs/rest';
import {
  GuildFeature,
  Routes,
  type APIAuditLog,
  type APIAutoModerationRule,
  type APIGuild,
  type APIGuildChannel,
  type APIGuildIntegration,
  type APIGuildMember,
  type APIGuildOnboarding,
  type APIGuildWelcomeScreen,
  type APIUser,
  type APIWebhook,
  type RESTGetAPIGuildRoleMemberCountsResult,
} from 'discord-api-types/v10';
import { redactWebhook, type AuditSnapshot } from '../shared/audit-snapshot.js';
import { parseAuditSnapshotSteps } from '../shared/audit-snapshot-schema.js';
import { botsMissingFromLog, readBotActivity, readGuildAuditLog, type AuditLogGet } from './audit-log-reader.js';
import { MemberListRateLimitedError, readMembersThroughGateway } from './gateway-members.js';
import { runInSlices } from './slices.js';

/**
 * The only code that talks to Discord: it reads one guild with the minimal calls of
 * discord-reference §3 (the member list through the Gateway, docs/decisions/0020) and returns a
 * snapshot in Discord's own shapes. A part the bot may not read becomes `null`; anything else that goes
 * wrong is an audit error, never a low score.
 */

export const DEFAULT_DISCORD_API_URL = 'https://discord.com/api';

/** Discord's JSON error codes that mean "you may not read this part". */
const MISSING_ACCESS = 50001;
const MISSING_PERMISSIONS = 50013;
const UNKNOWN_GUILD = 10004;
const UNKNOWN_WELCOME_SCREEN = 10069;

export const MEMBERS_PAGE_SIZE = 1000;
export class BotNotInGuildError extends Error {
  constructor(readonly guildId: string) {
    super(`The audit bot is not a member of guild ${guildId}; invite it first.`);
    this.name = 'BotNotInGuildError';
  }
}

export class InvalidDiscordDataError extends Error {
  constructor(readonly issues: string[]) {
    super(`Discord returned data the audit cannot read: ${issues.slice(0, 3).join('; ')}`);
    this.name = 'InvalidDiscordDataError';
  }
}

export interface DiscordErrorLike {
  status: number;
  code: number | string;
}

function asDiscordError(error: unknown): DiscordErrorLike | null {
  return error instanceof DiscordAPIError ? { status: error.status, code: error.code } : null;
}

/** A 403 "Missing Access" or "Missing Permissions" turns one snapshot part into `null`. */
export function isMissingAccess(error: DiscordErrorLike | null): boolean {
  return (
    error !== null && error.status === 403 && (error.code === MISSING_ACCESS || error.code === MISSING_PERMISSIONS)
  );
}

/** What GET /guilds/{id} answers when the bot is not in the guild (or the id is wrong). */
export function isBotNotInGuild(error: DiscordErrorLike | null): boolean {
  if (error === null) return false;
  return (
    (error.status === 404 && error.code === UNKNOWN_GUILD) || (error.status === 403 && error.code === MISSING_ACCESS)
  );
}

/** A community guild that never set up a welcome screen answers 404 10069. */
export function isMissingWelcomeScreen(error: DiscordErrorLike | null): boolean {
  return error !== null && error.status === 404 && error.code === UNKNOWN_WELCOME_SCREEN;
}

/** The `after` cursor for the next member page, or null when the last page was short. */
export function nextMembersCursor(
  page: readonly APIGuildMember[],
  pageSize: number = MEMBERS_PAGE_SIZE,
): string | null {
  if (page.length < pageSize) return null;
  return page.at(-1)?.user.id ?? null;
}

/** The REST client the collector expects: bot-authenticated, API v10, pointed at Discord or a stand-in. */
export function createBotRest(botToken: string, apiUrl: string = DEFAULT_DISCORD_API_URL): REST {
  return new REST({ version: '10', api: apiUrl }).setToken(botToken);
}

export interface CollectOptions {
  rest: REST;
  /** The token `rest` carries; the Gateway session that reads the member list identifies with it. */
  botToken: string;
  guildId: string;
  /** The snapshot's `collectedAt`; injectable so tests are repeatable. */
  now?: () => Date;
}

export interface CollectResult {
  snapshot: AuditSnapshot;
  /** Requests the collector issued (retries inside @discordjs/rest are not counted). */
  restCalls: number;
}

export async function collectSnapshot(options: CollectOptions): Promise<CollectResult> {
  // The member list takes longest, so its Gateway session opens first, beside the REST calls.
  const cancelMembers = new AbortController();
  const gatewayMembers = readMembersThroughGateway({ ...options, signal: cancelMembers.signal });
  // Awaited later; a failure elsewhere first must not leave it unhandled.
  gatewayMembers.catch(() => undefined);
  try {
    return await collectWith(options, gatewayMembers);
  } finally {
    cancelMembers.abort();
  }
}

async function collectWith(
  { rest, guildId, now = () => new Date() }: CollectOptions,
  gatewayMembers: ReturnType<typeof readMembersThroughGateway>,
): Promise<CollectResult> {
  // GET /gateway/bot, which @discordjs/ws asks through the same REST client.
  let restCalls = 1;
  // Responses are typed by the route; the finished snapshot is validated below before anyone uses it.
  const get = async <T>(route: `/${string}`, query?: Record<string, string>): Promise<T> => {
    restCalls += 1;
    return (await rest.get(route, query ? { query: new URLSearchParams(query) } : {})) as T;
  };
  const optional = async <T>(read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read();
    } catch (error) {
      if (isMissingAccess(asDiscordError(error))) return null;
      throw error;
    }
  };

  const collectedAt = now();
  const [botUser, guild] = await Promise.all([
    get<APIUser>(Routes.user('@me')),
    get<APIGuild>(Routes.guild(guildId), { with_counts: 'true' }).catch((error: unknown) => {
      throw isBotNotInGuild(asDiscordError(error)) ? new BotNotInGuildError(guildId) : error;
    }),
  ]);

  const readMemberPages = async (): Promise<APIGuildMember[]> => {
    const members: APIGuildMember[] = [];
    let after: string | null = '0';
    while (after !== null) {
      const page: APIGuildMember[] = await get(Routes.guildMembers(guildId), {
        limit: String(MEMBERS_PAGE_SIZE),
        after,
      });
      members.push(...page);
      after = nextMembersCursor(page);
    }
    return members;
  };
  // Pages are only the fallback for a whole-list request Discord refused as too recent.
  const readMembers = async (): Promise<APIGuildMember[] | null> => {
    try {
      const read = await gatewayMembers;
      if ('members' in read) return read.members;
      if ('intentUnavailable' in read) return null;
      throw new BotNotInGuildError(guildId);
    } catch (error) {
      if (error instanceof MemberListRateLimitedError) return readMemberPages();
      throw error;
    }
  };
  const getAuditLog: AuditLogGet = (query) => get<APIAuditLog>(Routes.guildAuditLog(guildId), query);
  const community = guild.features.includes(GuildFeature.Community);
  const readWelcomeScreen = async (): Promise<APIGuildWelcomeScreen | null> => {
    try {
      return await get<APIGuildWelcomeScreen>(Routes.guildWelcomeScreen(guildId));
    } catch (error) {
      if (isMissingWelcomeScreen(asDiscordError(error))) return null;
      throw error;
    }
  };

  const [
    channels,
    roleMemberCounts,
    members,
    autoModerationRules,
    integrations,
    webhooks,
    auditLog,
    welcomeScreen,
    onboarding,
  ] = await Promise.all([
    optional(() => get<APIGuildChannel[]>(Routes.guildChannels(guildId))),
    optional(() => get<RESTGetAPIGuildRoleMemberCountsResult>(Routes.guildRoleMemberCounts(guildId))),
    optional(readMembers),
    optional(() => get<APIAutoModerationRule[]>(Routes.guildAutoModerationRules(guildId))),
    optional(() => get<APIGuildIntegration[]>(Routes.guildIntegrations(guildId))),
    optional(() => get<APIWebhook[]>(Routes.guildWebhooks(guildId))),
    optional(() => readGuildAuditLog(getAuditLog, collectedAt.getTime())),
    // Welcome screen and onboarding exist only for community guilds; others are not asked.
    community ? optional(readWelcomeScreen) : Promise.resolve(null),
    community ? optional(() => get<APIGuildOnboarding>(Routes.guildOnboarding(guildId))) : Promise.resolve(null),
  ]);

  // Only after the members are known: a log cut short is completed per bot, never read as "inactive".
  const botsToQuery = auditLog ? botsMissingFromLog(auditLog, members, guild.roles, botUser.id) : [];
  const botActivity = botsToQuery.length > 0 ? await readBotActivity(getAuditLog, botsToQuery) : null;

  // Validating 50,000 members takes longer than the event loop may be held: it runs in slices.
  const parsed = await runInSlices(
    parseAuditSnapshotSteps({
      snapshotVersion: 1,
      collectedAt: collectedAt.toISOString(),
      botUserId: botUser.id,
      guild,
      channels,
      roleMemberCounts,
      members,
      autoModerationRules,
      integrations,
      // Redacted here as well as in the schema: the secret must not outlive this function.
      webhooks: webhooks?.map((webhook) => redactWebhook(webhook)) ?? null,
      auditLog: auditLog?.log ?? null,
      welcomeScreen,
      onboarding,
      ...(auditLog ? { auditLogTruncated: auditLog.truncated } : {}),
      ...(botActivity ? { botActivity } : {}),
    }),
  );
  if (!parsed.ok) throw new InvalidDiscordDataError(parsed.issues);
  return { snapshot: parsed.snapshot, restCalls };
}
