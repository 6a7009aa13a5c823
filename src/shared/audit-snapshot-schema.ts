import { z } from 'zod';
import { redactWebhook, type AuditSnapshot, type SkippedItem, type SnapshotListPart } from './audit-snapshot.js';

/**
 * Validation of an untrusted snapshot (a collector result, a file, a stored row). Loose on Discord
 * objects (unknown fields are kept, every shape Discord's published API allows is accepted) but strict
 * on the fields the checks read. Lists are checked item by item: an item that still does not fit is
 * set aside in `skippedItems` instead of failing the whole audit.
 */

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
  roles: z.array(z.unknown()),
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
  rate_limit_per_user: z.number().int().nullish(),
  default_thread_rate_limit_per_user: z.number().int().nullish(),
});

const MemberSchema = z.looseObject({
  user: z.looseObject({ id: snowflake, username: z.string(), bot: z.boolean().optional() }),
  roles: z.array(snowflake),
  joined_at: z.string().nullish(),
});

const SNOWFLAKE = /^\d{1,20}$/;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Exactly the members MemberSchema accepts as they are, checked without zod: a guild has up to hundreds of
 * thousands of members, and this is about ten times faster. Anything else goes through MemberSchema.
 */
function isPlainMember(item: unknown): item is z.infer<typeof MemberSchema> {
  if (!isRecord(item) || !isRecord(item.user)) return false;
  const { id, username, bot } = item.user;
  if (typeof id !== 'string' || !SNOWFLAKE.test(id) || typeof username !== 'string') return false;
  if (bot !== undefined && typeof bot !== 'boolean') return false;
  const { roles, joined_at: joinedAt } = item;
  if (!Array.isArray(roles) || !roles.every((role) => typeof role === 'string' && SNOWFLAKE.test(role))) return false;
  return joinedAt === undefined || joinedAt === null || typeof joinedAt === 'string';
}

const AutoModerationRuleSchema = z.looseObject({
  id: snowflake,
  name: z.string(),
  trigger_type: z.number().int(),
  trigger_metadata: z.looseObject({}),
  enabled: z.boolean(),
  actions: z.array(z.looseObject({ type: z.number().int() })),
  exempt_roles: z.array(snowflake),
});

/** Streaming integrations (Twitch, YouTube) have non-numeric ids; every integration's name may be null. */
const IntegrationSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().nullable(),
  type: z.string(),
  enabled: z.boolean().optional(),
  application: z.looseObject({ id: snowflake, bot: z.looseObject({ id: snowflake }).optional() }).optional(),
});

const WebhookSchema = z
  .looseObject({
    id: snowflake,
    type: z.number().int(),
    channel_id: snowflake.nullable(),
    name: z.string().nullable(),
    application_id: snowflake.nullish(),
    user: z.looseObject({ id: snowflake, username: z.string() }).optional(),
  })
  .transform((webhook) => redactWebhook(webhook));

const AuditLogEntrySchema = z.looseObject({
  id: snowflake,
  user_id: snowflake.nullable(),
  action_type: z.number().int(),
});

const AuditLogSchema = z.looseObject({
  audit_log_entries: z.array(z.unknown()),
  webhooks: z.array(z.looseObject({}).transform((webhook) => redactWebhook(webhook))).optional(),
});

const BotActivitySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('read'), latestEntryId: snowflake.nullable() }),
  z.object({ status: z.literal('unreadable'), reason: z.string() }),
]);

const SkippedItemSchema = z.object({
  part: z.enum(['roles', 'channels', 'members', 'autoModerationRules', 'integrations', 'webhooks', 'auditLogEntries']),
  id: z.string().nullable(),
  issue: z.string(),
});

const list = z.array(z.unknown()).nullable();

const EnvelopeSchema = z.object({
  snapshotVersion: z.literal(1),
  collectedAt: z.iso.datetime({ offset: true }),
  botUserId: snowflake,
  guild: GuildSchema,
  channels: list,
  roleMemberCounts: z.record(snowflake, z.number().int().nonnegative()).nullable(),
  members: list,
  autoModerationRules: list,
  integrations: list,
  webhooks: list,
  auditLog: AuditLogSchema.nullable(),
  welcomeScreen: z.looseObject({ welcome_channels: z.array(z.looseObject({})) }).nullable(),
  onboarding: z.looseObject({ enabled: z.boolean() }).nullable(),
  auditLogTruncated: z.boolean().optional(),
  botActivity: z.record(snowflake, BotActivitySchema).optional(),
  skippedItems: z.array(SkippedItemSchema).optional(),
});

function describeIssues(error: z.ZodError): string[] {
  return error.issues.slice(0, 20).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

function itemId(item: unknown): string | null {
  if (typeof item !== 'object' || item === null || !('id' in item)) return null;
  const { id } = item;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/** Items validated between two pauses of a sliced parse (see parseAuditSnapshotSteps). */
const ITEMS_PER_STEP = 256;

/** Keeps the items that fit `schema`; each other item is recorded in `skipped` with its first issue. */
function* readItems<T>(
  part: SnapshotListPart,
  schema: z.ZodType<T>,
  items: readonly unknown[],
  skipped: SkippedItem[],
  acceptsAsIs?: (item: unknown) => item is T,
): Generator<void, T[]> {
  const kept: T[] = [];
  for (const [position, item] of items.entries()) {
    if (position % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield;
    if (acceptsAsIs?.(item) === true) {
      kept.push(item);
      continue;
    }
    const parsed = schema.safeParse(item);
    if (parsed.success) kept.push(parsed.data);
    else skipped.push({ part, id: itemId(item), issue: describeIssues(parsed.error)[0] ?? 'unreadable' });
  }
  return kept;
}

export type SnapshotParseResult = { ok: true; snapshot: AuditSnapshot } | { ok: false; issues: string[] };

const EVERYONE_MISSING = 'guild.roles: the @everyone role (id = guild id) is missing or unreadable';

/** Validates an untrusted snapshot and removes webhook secrets. */
export function parseAuditSnapshot(input: unknown): SnapshotParseResult {
  const steps = parseAuditSnapshotSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/**
 * parseAuditSnapshot as steps: the generator pauses every few hundred list items, so a caller can
 * spread a 50,000-member snapshot over several turns of its event loop. Same result, step by step.
 */
export function* parseAuditSnapshotSteps(input: unknown): Generator<void, SnapshotParseResult> {
  const parsed = EnvelopeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, issues: describeIssues(parsed.error) };
  const envelope = parsed.data;
  const skipped: SkippedItem[] = [...(envelope.skippedItems ?? [])];
  function* items<T>(
    part: SnapshotListPart,
    schema: z.ZodType<T>,
    values: readonly unknown[] | null,
    acceptsAsIs?: (item: unknown) => item is T,
  ): Generator<void, T[] | null> {
    return values === null ? null : yield* readItems(part, schema, values, skipped, acceptsAsIs);
  }

  const roles = yield* readItems('roles', RoleSchema, envelope.guild.roles, skipped);
  // Every permission computation starts from @everyone; without it no check could say anything.
  if (!roles.some((role) => role.id === envelope.guild.id)) return { ok: false, issues: [EVERYONE_MISSING] };
  const channels = yield* items('channels', ChannelSchema, envelope.channels);
  const members = yield* items('members', MemberSchema, envelope.members, isPlainMember);
  const autoModerationRules = yield* items(
    'autoModerationRules',
    AutoModerationRuleSchema,
    envelope.autoModerationRules,
  );
  const integrations = yield* items('integrations', IntegrationSchema, envelope.integrations);
  const webhooks = yield* items('webhooks', WebhookSchema, envelope.webhooks);
  const auditLogEntries = envelope.auditLog
    ? yield* readItems('auditLogEntries', AuditLogEntrySchema, envelope.auditLog.audit_log_entries, skipped)
    : null;
  const snapshot = {
    ...envelope,
    guild: { ...envelope.guild, roles },
    channels,
    members,
    autoModerationRules,
    integrations,
    webhooks,
    auditLog: envelope.auditLog && { ...envelope.auditLog, audit_log_entries: auditLogEntries },
    ...(skipped.length > 0 ? { skippedItems: skipped } : {}),
  };
  // The schemas checked every field the engine reads; the rest is Discord's own shape, kept as-is.
  return { ok: true, snapshot: snapshot as unknown as AuditSnapshot };
}
