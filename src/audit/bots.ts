import type { AuditSnapshot, SnapshotIntegration } from '../shared/audit-snapshot.js';
import { computeBasePermissions } from '../shared/permissions.js';
import type { GuildIndex } from './guild-index.js';

/** UserFlags.VerifiedBot */
const VERIFIED_BOT = 1 << 16;

export interface BotView {
  id: string;
  name: string;
  /** null when only the bot's managed role is known (no member list). */
  verified: boolean | null;
  /** Guild-level permissions; from the managed role alone it is a lower bound. */
  permissions: bigint;
  joinedAt: string | null;
  roleNames: string[];
  source: 'members' | 'managed-role';
}

/**
 * Every bot in the guild except our own audit bot, from the member list when it was read, otherwise
 * from bot-managed roles (bots invited with no permissions have none and stay invisible then).
 */
export function thirdPartyBots(index: GuildIndex): BotView[] {
  if (index.members) {
    return index.members
      .filter((member) => member.isBot)
      .map((member) => ({
        id: member.userId,
        name: member.username,
        verified: ((member.member.user.public_flags ?? 0) & VERIFIED_BOT) !== 0,
        permissions: member.basePermissions,
        joinedAt: member.member.joined_at ?? null,
        roleNames: member.roleIds.flatMap((id) => index.roleById.get(id)?.name ?? []),
        source: 'members' as const,
      }));
  }
  return index.roles
    .filter((role) => role.botId !== null && !role.isAuditBotRole)
    .map((role) => {
      const botId = role.botId ?? role.id;
      return {
        id: botId,
        name: role.name,
        verified: null,
        permissions: computeBasePermissions(index.permissionContext, { userId: botId, roleIds: [role.id] }),
        joinedAt: null,
        roleNames: [role.name],
        source: 'managed-role' as const,
      };
    });
}

/** The bot user id an integration installs, for matching integrations with bot members. */
export function integrationBotId(integration: SnapshotIntegration): string | null {
  return integration.application?.bot?.id ?? integration.application?.id ?? null;
}

export function botIntegrations(snapshot: AuditSnapshot): SnapshotIntegration[] {
  return (snapshot.integrations ?? []).filter((integration) => integration.type === 'discord');
}
