import { AuditLogEvent } from 'discord-api-types/v10';
import type { APIAuditLog, APIAuditLogEntry, APIGuildIntegration, APIUser } from 'discord-api-types/v10';
import type { SimulatedIntegration } from './types.js';
import type { FastifyInstance } from 'fastify';
import type { SimulatorContext } from './context.js';
import { invalidFormBody } from './discord-errors.js';
import { publicUser } from './fixtures/index.js';
import { botGuild, requireBotPermission } from './guild-access.js';
import type { GuildRequest } from './guild-access.js';
import { P } from './permissions.js';
import { limitQuery, queryValue, snowflakeQuery } from './query.js';
import type { SimulatedGuild } from './simulated-guild.js';
import { compareSnowflakes } from './snowflake.js';
import { autoModerationRuleResponse } from './wire-shapes.js';

/** Actions whose `target_id` is a user, so the user object travels in `users[]`. */
const USER_TARGET_ACTIONS = new Set<AuditLogEvent>([
  AuditLogEvent.MemberKick,
  AuditLogEvent.MemberBanAdd,
  AuditLogEvent.MemberBanRemove,
  AuditLogEvent.MemberUpdate,
  AuditLogEvent.MemberRoleUpdate,
  AuditLogEvent.BotAdd,
  AuditLogEvent.AutoModerationUserCommunicationDisabled,
]);
const WEBHOOK_ACTIONS = new Set<AuditLogEvent>([
  AuditLogEvent.WebhookCreate,
  AuditLogEvent.WebhookUpdate,
  AuditLogEvent.WebhookDelete,
]);
const INTEGRATION_ACTIONS = new Set<AuditLogEvent>([
  AuditLogEvent.IntegrationCreate,
  AuditLogEvent.IntegrationUpdate,
  AuditLogEvent.IntegrationDelete,
]);
const THREAD_ACTIONS = new Set<AuditLogEvent>([
  AuditLogEvent.ThreadCreate,
  AuditLogEvent.ThreadUpdate,
  AuditLogEvent.ThreadDelete,
]);
const AUTOMOD_ACTIONS = new Set<AuditLogEvent>([
  AuditLogEvent.AutoModerationRuleCreate,
  AuditLogEvent.AutoModerationRuleUpdate,
  AuditLogEvent.AutoModerationRuleDelete,
]);
/** The action types Discord publishes; any other value is refused as Discord refuses an unknown enum value. */
const PUBLISHED_ACTION_TYPES = new Set<number>(
  Object.values(AuditLogEvent).filter((value): value is AuditLogEvent => typeof value === 'number'),
);

function actionTypeQuery(request: GuildRequest): number | undefined {
  const text = queryValue(request, 'action_type');
  if (text === undefined) return undefined;
  const actionType = Number(text);
  if (!Number.isInteger(actionType))
    throw invalidFormBody('action_type', 'NUMBER_TYPE_COERCE', `Value "${text}" is not int.`);
  if (!PUBLISHED_ACTION_TYPES.has(actionType))
    throw invalidFormBody('action_type', 'ENUM_TYPE_COERCE', `Value "${text}" is not a valid enum value.`);
  return actionType;
}

function selectEntries(
  guild: SimulatedGuild,
  filters: { before?: string; after?: string; userId?: string; actionType?: number; limit: number },
): APIAuditLogEntry[] {
  let entries = guild.fixture.auditLogEntries.filter(
    (entry) =>
      (filters.userId === undefined || entry.user_id === filters.userId) &&
      (filters.actionType === undefined || entry.action_type === filters.actionType),
  );
  // Newest first by default and with `before`; with only `after`, Discord pages forward, oldest first.
  if (filters.before !== undefined) {
    const before = filters.before;
    entries = entries.filter((entry) => compareSnowflakes(entry.id, before) < 0);
  } else if (filters.after !== undefined) {
    const after = filters.after;
    entries = entries.filter((entry) => compareSnowflakes(entry.id, after) > 0).reverse();
  }
  return entries.slice(0, filters.limit);
}

function referencedUsers(guild: SimulatedGuild, context: SimulatorContext, entries: APIAuditLogEntry[]): APIUser[] {
  const ids = new Set<string>();
  for (const entry of entries) {
    if (entry.user_id !== null) ids.add(entry.user_id);
    if (entry.target_id !== null && USER_TARGET_ACTIONS.has(entry.action_type)) ids.add(entry.target_id);
  }
  // Banned or departed users are still described, as Discord does; unknown ones get a placeholder name.
  return [...ids].map(
    (id) => guild.member(id)?.user ?? context.state.user(id) ?? publicUser(id, `former_member_${id.slice(-4)}`, null),
  );
}

function partialIntegration(integration: SimulatedIntegration): APIGuildIntegration {
  const { id, name, type, account, enabled } = integration;
  return {
    id,
    name,
    type,
    account,
    enabled,
    ...(integration.application ? { application_id: integration.application.id } : {}),
  } as APIGuildIntegration;
}

export function registerAuditLogRoute(instance: FastifyInstance, context: SimulatorContext): void {
  instance.get('/api/v10/guilds/:guildId/audit-logs', async (request: GuildRequest): Promise<APIAuditLog> => {
    const guild = botGuild(request, context);
    requireBotPermission(guild, P.ViewAuditLog);
    const actionType = actionTypeQuery(request);
    const entries = selectEntries(guild, {
      limit: limitQuery(request, 50, 100),
      before: snowflakeQuery(request, 'before'),
      after: snowflakeQuery(request, 'after'),
      userId: snowflakeQuery(request, 'user_id'),
      actionType,
    });
    const targets = (actions: Set<AuditLogEvent>) =>
      new Set(
        entries.flatMap((entry) =>
          entry.target_id !== null && actions.has(entry.action_type) ? [entry.target_id] : [],
        ),
      );
    const webhookIds = targets(WEBHOOK_ACTIONS);
    const integrationIds = targets(INTEGRATION_ACTIONS);
    const ruleIds = targets(AUTOMOD_ACTIONS);
    const threadIds = targets(THREAD_ACTIONS);
    return {
      audit_log_entries: entries,
      users: referencedUsers(guild, context, entries),
      // Webhook objects in the audit log never carry the secret token.
      webhooks: guild.fixture.webhooks
        .filter((webhook) => webhookIds.has(webhook.id))
        .map(({ token: _token, ...webhook }) => webhook),
      integrations: guild.fixture.integrations
        .filter((integration) => integrationIds.has(integration.id))
        .map(partialIntegration),
      auto_moderation_rules: guild.fixture.autoModerationRules
        .filter((rule) => ruleIds.has(rule.id))
        .map(autoModerationRuleResponse),
      threads: (guild.fixture.threads ?? []).filter((thread) => threadIds.has(thread.id)),
      guild_scheduled_events: [],
      application_commands: [],
    };
  });
}
