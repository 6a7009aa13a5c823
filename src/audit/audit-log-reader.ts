import { DiscordAPIError } from '@discordjs/rest';
import type { APIAuditLog, APIGuildMember, APIRole } from 'discord-api-types/v10';
import { redactWebhook, type BotActivity } from '../shared/audit-snapshot.js';

/**
 * How the collector reads the audit log: the newest pages of the whole guild's log, and, when those
 * pages stop before Discord's 45-day window is covered, one `user_id` query per bot the pages do not
 * show, so no bot is judged from a log that was cut short.
 */

export const AUDIT_LOG_PAGE_SIZE = 100;
/** Discord keeps 45 days of audit log; older pages are never needed. */
export const AUDIT_LOG_WINDOW_MS = 45 * 86_400_000;
/** A ceiling so a very busy guild cannot turn one audit into dozens of audit-log calls. */
export const MAX_AUDIT_LOG_PAGES = 5;

const DISCORD_EPOCH_MS = 1_420_070_400_000n;

export interface AuditLogPageEnd {
  /** The `before` cursor of the next page, or null when reading stops. */
  before: string | null;
  /** Reading stopped at the page ceiling although older entries within the window exist. */
  truncated: boolean;
}

/** Where reading goes after a page: on, done (short page or window covered), or cut at the ceiling. */
export function auditLogPageEnd(page: APIAuditLog, collectedAtMs: number, pagesRead: number): AuditLogPageEnd {
  const entries = page.audit_log_entries;
  if (entries.length < AUDIT_LOG_PAGE_SIZE) return { before: null, truncated: false };
  let oldest: bigint | null = null;
  for (const entry of entries) {
    const id = BigInt(entry.id);
    if (oldest === null || id < oldest) oldest = id;
  }
  if (oldest === null) return { before: null, truncated: false };
  const oldestMs = Number((oldest >> 22n) + DISCORD_EPOCH_MS);
  if (collectedAtMs - oldestMs >= AUDIT_LOG_WINDOW_MS) return { before: null, truncated: false };
  if (pagesRead >= MAX_AUDIT_LOG_PAGES) return { before: null, truncated: true };
  return { before: oldest.toString(), truncated: false };
}

function uniqueById<T extends { id: string }>(items: readonly T[]): T[] {
  return [...new Map(items.map((item) => [item.id, item])).values()];
}

/** Joins audit-log pages into one APIAuditLog, newest entries first, side lists without duplicates. */
export function mergeAuditLogPages(pages: readonly APIAuditLog[]): APIAuditLog {
  return {
    audit_log_entries: pages.flatMap((page) => page.audit_log_entries),
    users: uniqueById(pages.flatMap((page) => page.users ?? [])),
    webhooks: uniqueById(pages.flatMap((page) => page.webhooks ?? [])).map((webhook) => redactWebhook(webhook)),
    integrations: uniqueById(pages.flatMap((page) => page.integrations ?? [])),
    threads: uniqueById(pages.flatMap((page) => page.threads ?? [])),
    auto_moderation_rules: uniqueById(pages.flatMap((page) => page.auto_moderation_rules ?? [])),
    guild_scheduled_events: uniqueById(pages.flatMap((page) => page.guild_scheduled_events ?? [])),
    application_commands: uniqueById(pages.flatMap((page) => page.application_commands ?? [])),
  };
}

export type AuditLogGet = (query: Record<string, string>) => Promise<APIAuditLog>;

export interface AuditLogRead {
  log: APIAuditLog;
  truncated: boolean;
}

export async function readGuildAuditLog(get: AuditLogGet, collectedAtMs: number): Promise<AuditLogRead> {
  const pages: APIAuditLog[] = [];
  let end: AuditLogPageEnd = { before: null, truncated: false };
  do {
    const query: Record<string, string> = {
      limit: String(AUDIT_LOG_PAGE_SIZE),
      ...(end.before ? { before: end.before } : {}),
    };
    const page = await get(query);
    pages.push(page);
    end = auditLogPageEnd(page, collectedAtMs, pages.length);
  } while (end.before !== null);
  return { log: mergeAuditLogPages(pages), truncated: end.truncated };
}

/**
 * Third-party bots whose newest action a truncated log does not show: bot members (or, without the
 * member list, the bots behind managed roles), less our own bot and bots already seen acting.
 */
export function botsMissingFromLog(
  read: AuditLogRead,
  members: readonly APIGuildMember[] | null,
  roles: readonly APIRole[],
  auditBotId: string,
): string[] {
  if (!read.truncated) return [];
  const botIds = members
    ? members.filter((member) => member.user.bot === true).map((member) => member.user.id)
    : roles.flatMap((role) => (role.tags?.bot_id ? [role.tags.bot_id] : []));
  const seen = new Set(read.log.audit_log_entries.flatMap((entry) => (entry.user_id ? [entry.user_id] : [])));
  return [...new Set(botIds)].filter((id) => id !== auditBotId && !seen.has(id));
}

function describeFailure(error: unknown): string {
  if (error instanceof DiscordAPIError) return `Discord answered ${error.status} (code ${error.code})`;
  return error instanceof Error ? error.message : 'the request failed';
}

/** One `limit=1` query per bot, concurrently: the newest entry is all the inactivity rule needs. */
export async function readBotActivity(
  get: AuditLogGet,
  botIds: readonly string[],
): Promise<Record<string, BotActivity>> {
  const reads = await Promise.all(
    botIds.map(async (botId): Promise<[string, BotActivity]> => {
      try {
        const page = await get({ user_id: botId, limit: '1' });
        return [botId, { status: 'read', latestEntryId: page.audit_log_entries[0]?.id ?? null }];
      } catch (error) {
        return [botId, { status: 'unreadable', reason: describeFailure(error) }];
      }
    }),
  );
  return Object.fromEntries(reads);
}
