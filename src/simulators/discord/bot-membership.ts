import { AuditLogEvent } from 'discord-api-types/v10';
import type { APIUser } from 'discord-api-types/v10';
import { RAMPART_BOT } from './fixtures/accounts.js';
import { botRole, member } from './fixtures/builders.js';
import { botIntegration } from './fixtures/records.js';
import { compareSnowflakes, snowflakeAt } from './snowflake.js';
import type { GuildFixture } from './types.js';

/** The parts of a guild that adding or removing the audit bot changes. */
export type BotCollections = Pick<GuildFixture, 'roles' | 'members' | 'integrations' | 'auditLogEntries'>;

export interface BotInstall {
  permissions: bigint;
  installer: APIUser;
  /** Epoch ms. Ids of the role, integration and audit entries derive from it, so a reload rebuilds the same ids. */
  joinedAt: number;
}

/** Managed-role name Discord gives the audit bot (its username). */
export const AUDIT_BOT_ROLE_NAME = RAMPART_BOT.username;

export function isBotInGuild(collections: Pick<BotCollections, 'members'>, botId: string = RAMPART_BOT.id): boolean {
  return collections.members.some((candidate) => candidate.user.id === botId);
}

/**
 * Adds the audit bot as Discord does when an invite is authorized: a member with `user.bot`, a managed role
 * named after the bot carrying exactly the requested permissions (placed just above @everyone, which is why
 * owners must drag bot roles up), a `discord` integration and the BOT_ADD / INTEGRATION_CREATE audit entries.
 * Re-inviting a bot that is already in the guild only updates its managed role's permissions.
 */
export function addAuditBot(collections: BotCollections, guildId: string, install: BotInstall): BotCollections {
  const existingRole = collections.roles.find((candidate) => candidate.tags?.bot_id === RAMPART_BOT.id);
  if (existingRole && isBotInGuild(collections)) {
    return {
      ...collections,
      roles: collections.roles.map((candidate) =>
        candidate.id === existingRole.id ? { ...candidate, permissions: install.permissions.toString() } : candidate,
      ),
    };
  }
  const withoutBot = removeAuditBot(collections);
  const roleId = snowflakeAt(install.joinedAt, 1);
  const integrationId = snowflakeAt(install.joinedAt, 2);
  const roles = withoutBot.roles.map((candidate) =>
    candidate.id === guildId ? candidate : { ...candidate, position: candidate.position + 1 },
  );
  roles.push(botRole(roleId, RAMPART_BOT, install.permissions, 1));

  const members = [...withoutBot.members, member(RAMPART_BOT, [roleId], new Date(install.joinedAt).toISOString())];
  members.sort((a, b) => compareSnowflakes(a.user.id, b.user.id));

  const auditLogEntries = [
    {
      id: snowflakeAt(install.joinedAt, 3),
      action_type: AuditLogEvent.BotAdd,
      user_id: install.installer.id,
      target_id: RAMPART_BOT.id,
    },
    {
      id: snowflakeAt(install.joinedAt, 4),
      action_type: AuditLogEvent.IntegrationCreate,
      user_id: install.installer.id,
      target_id: integrationId,
      changes: [
        { key: 'type' as const, new_value: 'discord' as const },
        { key: 'name' as const, new_value: RAMPART_BOT.username },
      ],
    },
    ...withoutBot.auditLogEntries,
  ].sort((a, b) => compareSnowflakes(b.id, a.id));

  return {
    roles,
    members,
    integrations: [...withoutBot.integrations, botIntegration(integrationId, RAMPART_BOT, install.installer)],
    auditLogEntries,
  };
}

/** Removes the bot, its managed role and its integration, as when the bot leaves or is kicked. */
export function removeAuditBot(collections: BotCollections): BotCollections {
  const role = collections.roles.find((candidate) => candidate.tags?.bot_id === RAMPART_BOT.id);
  if (!role && !isBotInGuild(collections)) return collections;
  return {
    roles: collections.roles
      .filter((candidate) => candidate !== role)
      .map((candidate) =>
        role && candidate.position > role.position ? { ...candidate, position: candidate.position - 1 } : candidate,
      ),
    members: collections.members.filter((candidate) => candidate.user.id !== RAMPART_BOT.id),
    integrations: collections.integrations.filter((candidate) => candidate.application?.id !== RAMPART_BOT.id),
    auditLogEntries: collections.auditLogEntries,
  };
}

/** A fixture guild with the audit bot already installed (the bot-membership part of `fixture` replaced). */
export function withAuditBot(fixture: GuildFixture, install: BotInstall): GuildFixture {
  return { ...fixture, ...addAuditBot(fixture, fixture.guild.id, install) };
}
