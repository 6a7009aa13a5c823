import type {
  APIAuditLog,
  APIAutoModerationRule,
  APIGuild,
  APIGuildChannel,
  APIGuildIntegration,
  APIGuildMember,
  APIGuildOnboarding,
  APIGuildWelcomeScreen,
  APIWebhook,
} from 'discord-api-types/v10';

/**
 * What the collector reads from Discord for one audit, in Discord API v10 shapes.
 * Each part is `null` when it could not be read (missing permission or intent) and `[]` when it was
 * read and is empty, so checks can tell "nothing there" from "could not look".
 */
export interface AuditSnapshot {
  snapshotVersion: 1;
  collectedAt: string;
  botUserId: string;
  /** GET /guilds/{id}?with_counts=true; roles are embedded. */
  guild: APIGuild;
  channels: APIGuildChannel[] | null;
  /** GET /guilds/{id}/roles/member-counts; @everyone is left out. */
  roleMemberCounts: Record<string, number> | null;
  members: APIGuildMember[] | null;
  autoModerationRules: APIAutoModerationRule[] | null;
  integrations: SnapshotIntegration[] | null;
  /** Webhook `token` and `url` are secrets and are removed before a snapshot is stored or evaluated. */
  webhooks: RedactedWebhook[] | null;
  /** The newest audit-log entries, paged back until Discord's 45-day window is covered or a page ceiling is hit. */
  auditLog: APIAuditLog | null;
  welcomeScreen: APIGuildWelcomeScreen | null;
  onboarding: APIGuildOnboarding | null;
  /** True when `auditLog` stopped at its page ceiling before reaching the start of the 45-day window. */
  auditLogTruncated?: boolean;
  /**
   * The newest audit-log action of each third-party bot that a truncated `auditLog` does not show, read
   * with `user_id` per bot; absent for bots whose activity `auditLog` already settles.
   */
  botActivity?: Record<string, BotActivity>;
  /** List items whose shape the audit could not read; they are left out of the parts above. */
  skippedItems?: SkippedItem[];
}

export type BotActivity = { status: 'read'; latestEntryId: string | null } | { status: 'unreadable'; reason: string };

/** Discord publishes `name` as nullable and gives streaming integrations non-numeric ids. */
export type SnapshotIntegration = Omit<APIGuildIntegration, 'name' | 'id'> & { id: string; name: string | null };

export type RedactedWebhook = Omit<APIWebhook, 'token' | 'url'>;

/** The snapshot lists parsed item by item, so one unreadable item never hides the rest. */
export const SNAPSHOT_LIST_PARTS = [
  'roles',
  'channels',
  'members',
  'autoModerationRules',
  'integrations',
  'webhooks',
  'auditLogEntries',
] as const;
export type SnapshotListPart = (typeof SNAPSHOT_LIST_PARTS)[number];

export interface SkippedItem {
  part: SnapshotListPart;
  /** The item's `id` when it had a readable one. */
  id: string | null;
  issue: string;
}

const WEBHOOK_SECRET_KEYS = new Set(['token', 'url']);

/** Drops the secret parts of a webhook; the token alone lets anyone post as the webhook. */
export function redactWebhook<T extends object>(webhook: T): Omit<T, 'token' | 'url'> {
  const kept = Object.entries(webhook).filter(([key]) => !WEBHOOK_SECRET_KEYS.has(key));
  return Object.fromEntries(kept) as Omit<T, 'token' | 'url'>;
}
