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
import { z } from 'zod';

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
  integrations: APIGuildIntegration[] | null;
  /** Webhook `token` and `url` are secrets and are removed before a snapshot is stored or evaluated. */
  webhooks: RedactedWebhook[] | null;
  auditLog: APIAuditLog | null;
  welcomeScreen: APIGuildWelcomeScreen | null;
  onboarding: APIGuildOnboarding | null;
}

export type RedactedWebhook = Omit<APIWebhook, 'token' | 'url'>;

const WEBHOOK_SECRET_KEYS = new Set(['token', 'url']);

/** Drops the secret parts of a webhook; the token alone lets anyone post as the webhook. */
export function redactWebhook<T extends object>(webhook: T): Omit<T, 'token' | 'url'> {
  const kept = Object.entries(webhook).filter(([key]) => !WEBHOOK_SECRET_KEYS.has(key));
  return Object.fromEntries(kept) as Omit<T, 'token' | 'url'>;
}

const snowflake = z.string().regex(/^\d{1,20}$/, 'must be a Discord id');
const permissionString = z.string().regex(/^\d+$/, 'must be a decimal permission string');
const optionalPermissionString = permissionString.nullish();

const RoleSchema = z.looseObject({
  id: snowflake,
  name: z.string(),
  permissions: permissionString,
  position: z.number().int(),
  managed: z.boolean(),
  tags: z.looseObject({ bot_id: snowflake.optional(), integration_id: snowflake.optional() }).optional(),
});

const GuildSchema = z.looseObject({
  id: snowflake,
  name: z.string(),
  owner_id: snowflake,
  roles: z.array(RoleSchema),
  features: z.array(z.string()),
  mfa_level: z.number().int(),
  verification_level: z.number().int(),
  explicit_content_filter: z.number().int(),
  rules_channel_id: snowflake.nullish(),
});

const OverwriteSchema = z.looseObject({
  id: snowflake,
  type: z.number().int(),
  allow: optionalPermissionString,
  deny: optionalPermissionString,
});

const ChannelSchema = z.looseObject({
  id: snowflake,
  type: z.number().int(),
  name: z.string().nullish(),
  permission_overwrites: z.array(OverwriteSchema).optional(),
});

const MemberSchema = z.looseObject({
  user: z.looseObject({ id: snowflake, username: z.string(), bot: z.boolean().optional() }),
  roles: z.array(snowflake),
  joined_at: z.string().nullish(),
});

const AutoModerationRuleSchema = z.looseObject({
  id: snowflake,
  name: z.string(),
  trigger_type: z.number().int(),
  enabled: z.boolean(),
  actions: z.array(z.looseObject({ type: z.number().int() })),
  exempt_roles: z.array(snowflake),
});

const IntegrationSchema = z.looseObject({
  id: snowflake,
  name: z.string(),
  type: z.string(),
  enabled: z.boolean().optional(),
});

const WebhookSchema = z
  .looseObject({ id: snowflake, type: z.number().int(), channel_id: snowflake.nullable(), name: z.string().nullable() })
  .transform((webhook) => redactWebhook(webhook));

const AuditLogSchema = z.looseObject({
  audit_log_entries: z.array(
    z.looseObject({ id: snowflake, user_id: snowflake.nullable(), action_type: z.number().int() }),
  ),
  webhooks: z.array(z.looseObject({}).transform((webhook) => redactWebhook(webhook))).optional(),
});

/** Loose on Discord objects (unknown fields are kept) but strict on the fields the checks read. */
export const AuditSnapshotSchema = z.object({
  snapshotVersion: z.literal(1),
  collectedAt: z.iso.datetime({ offset: true }),
  botUserId: snowflake,
  guild: GuildSchema,
  channels: z.array(ChannelSchema).nullable(),
  roleMemberCounts: z.record(snowflake, z.number().int().nonnegative()).nullable(),
  members: z.array(MemberSchema).nullable(),
  autoModerationRules: z.array(AutoModerationRuleSchema).nullable(),
  integrations: z.array(IntegrationSchema).nullable(),
  webhooks: z.array(WebhookSchema).nullable(),
  auditLog: AuditLogSchema.nullable(),
  welcomeScreen: z.looseObject({ welcome_channels: z.array(z.looseObject({})) }).nullable(),
  onboarding: z.looseObject({ enabled: z.boolean() }).nullable(),
});

export type SnapshotParseResult = { ok: true; snapshot: AuditSnapshot } | { ok: false; issues: string[] };

/** Validates an untrusted snapshot (a file, a stored row) and removes webhook secrets. */
export function parseAuditSnapshot(input: unknown): SnapshotParseResult {
  const parsed = AuditSnapshotSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.slice(0, 20).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    };
  }
  // The schema checked every field the engine reads; the rest is Discord's own shape, kept as-is.
  return { ok: true, snapshot: parsed.data as unknown as AuditSnapshot };
}
