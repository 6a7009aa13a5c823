import { WebhookType } from 'discord-api-types/v10';
import type { ChannelFinding } from '../../shared/findings.js';
import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { hasAnyPermission, hasPermission, parsePermissions, Permission } from '../../shared/permissions.js';
import {
  auditableChannels,
  channelName,
  channelTypeLabel,
  everyoneEffectivePermissions,
  overwritesOf,
} from '../channel-view.js';
import { MISSING_DATA, warningsEvidence, decide, listed, roleFinding, withAuditBot } from '../evidence.js';
import { indexGuild } from '../guild-index.js';
import { findMembers } from '../holders.js';
import { DISCORD_WEBHOOK_DOC, SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'WEBHOOK_SECURITY',
  name: 'Webhook Security',
  category: 'Bots & integrations',
  severity: 'HIGH',
  whyThisMatters:
    'A webhook posts as any name and avatar it likes, with no 2FA and no account behind it. Anyone who can manage webhooks can create one in an announcement channel and post a convincing "mint" or "airdrop" phishing link as your team, and leaked webhook URLs let outsiders do the same.',
  remediation:
    "Remove Manage Webhooks from @everyone and from every non-admin role (Server Settings > Roles, and each channel's Permissions). Server Settings > Integrations > Webhooks: delete webhooks you do not recognise, whose creator has left, or that sit in public channels without a clear owner. Rotate (delete and recreate) any webhook whose URL may have leaked.",
  evidenceGuidance:
    'Evidence lists each webhook (name, type, channel, creator; never its token) and who can manage webhooks, server-wide or through channel overwrites.',
  requiresManualEvidence: false,
  references: [SEAL_DISCORD, DISCORD_WEBHOOK_DOC],
};

const MANAGES_WEBHOOKS = Permission.MANAGE_WEBHOOKS | Permission.ADMINISTRATOR;
const MAX_WEBHOOKS_PER_CHANNEL = 10;

const TYPE_LABELS: Readonly<Record<number, string>> = {
  [WebhookType.Incoming]: 'incoming',
  [WebhookType.ChannelFollower]: 'channel follower',
  [WebhookType.Application]: 'application',
};

export function evaluate(snapshot: AuditSnapshot): CheckOutcome {
  const index = indexGuild(snapshot);
  const failures: string[] = [];
  const missing: string[] = [];
  const warnings: string[] = [];
  const channels = auditableChannels(snapshot);
  const channelById = new Map(channels.map((channel) => [channel.id, channel]));
  const channelLabel = (id: string) => {
    const channel = channelById.get(id);
    return channel ? channelName(channel) : id;
  };

  if (hasAnyPermission(index.everyone.permissions, MANAGES_WEBHOOKS))
    failures.push('@everyone can manage webhooks server-wide.');
  const memberIds = [
    ...(snapshot.webhooks ?? []).flatMap((webhook) => (webhook.user ? [webhook.user.id] : [])),
    ...channels.flatMap((channel) => overwritesOf(channel).map((grant) => grant.id)),
  ];
  const knownMembers = findMembers(index, memberIds);
  const exposedChannels: ChannelFinding[] = [];
  const overwriteGrants: string[] = [];
  if (snapshot.channels === null) {
    missing.push(MISSING_DATA.channels);
  } else {
    for (const channel of channels) {
      if (hasPermission(everyoneEffectivePermissions(index, channel), Permission.MANAGE_WEBHOOKS)) {
        exposedChannels.push({
          name: channelName(channel),
          type: channelTypeLabel(channel.type),
          permissions: Permission.MANAGE_WEBHOOKS.toString(),
          permissionNames: ['Manage Webhooks'],
          problem: '@everyone can manage webhooks here',
        });
      }
      for (const grant of overwritesOf(channel)) {
        if (grant.id === index.guildId || !hasPermission(parsePermissions(grant.allow), Permission.MANAGE_WEBHOOKS))
          continue;
        if (grant.id === index.botUserId || grant.id === index.auditBotRole?.id) continue;
        const who = index.roleById.get(grant.id)?.name ?? knownMembers?.get(grant.id)?.displayName ?? grant.id;
        overwriteGrants.push(`${who} in ${channelName(channel)}`);
      }
    }
    if (exposedChannels.length > 0 && failures.length === 0) {
      failures.push(`@everyone can manage webhooks in ${exposedChannels.map((channel) => channel.name).join(', ')}.`);
    }
  }

  const webhooks = snapshot.webhooks;
  const perChannel = new Map<string, number>();
  const problems = new Map<string, string>();
  if (webhooks === null) {
    missing.push(MISSING_DATA.webhooks);
  } else {
    const isPublic = (channelId: string | null) => {
      const channel = channelId ? channelById.get(channelId) : undefined;
      return channel ? hasPermission(everyoneEffectivePermissions(index, channel), Permission.VIEW_CHANNEL) : false;
    };
    let unjudgedCreators = 0;
    for (const webhook of webhooks) {
      if (webhook.channel_id) perChannel.set(webhook.channel_id, (perChannel.get(webhook.channel_id) ?? 0) + 1);
      const creator = webhook.user;
      if (webhook.type !== WebhookType.Incoming || !creator) continue;
      if (webhook.application_id === index.botUserId || creator.id === index.botUserId) continue;
      if (!knownMembers) {
        unjudgedCreators += 1;
        continue;
      }
      const label = `Incoming webhook "${webhook.name ?? webhook.id}"`;
      const where = webhook.channel_id ? channelLabel(webhook.channel_id) : 'an unknown channel';
      const creatorMember = knownMembers.get(creator.id);
      if (!creatorMember && isPublic(webhook.channel_id)) {
        // The URL outlives its creator: anyone who kept it posts as the server where everyone reads.
        failures.push(
          `${label} in public ${where} was created by ${creator.username}, who is no longer a member: whoever kept its URL can post as the server.`,
        );
        problems.set(webhook.id, 'creator left; channel readable by @everyone');
      } else if (!creatorMember) {
        warnings.push(`${label} in ${where} was created by ${creator.username}, who is no longer a member.`);
        problems.set(webhook.id, 'creator left');
      } else if (
        isPublic(webhook.channel_id) &&
        !hasPermission(creatorMember.basePermissions, Permission.MANAGE_WEBHOOKS)
      ) {
        warnings.push(
          `${label} posts in public ${where} but was created by non-staff member ${creatorMember.displayName}.`,
        );
        problems.set(webhook.id, 'public channel; creator is not staff');
      }
    }
    if (unjudgedCreators > 0)
      missing.push(
        `${MISSING_DATA.members}, so the creators of incoming webhooks (${unjudgedCreators}) could not be checked`,
      );
    for (const [channelId, count] of perChannel) {
      if (count <= MAX_WEBHOOKS_PER_CHANNEL) continue;
      warnings.push(`${channelLabel(channelId)} has ${count} webhooks.`);
    }
  }

  const managerRoles = index.roles.filter(
    (role) => !role.isEveryone && !role.isAuditBotRole && hasAnyPermission(role.permissions, MANAGES_WEBHOOKS),
  );
  const evidence = withAuditBot(index, {
    // Built field by field so that a webhook's token or URL can never reach the evidence.
    webhooks: webhooks
      ? listed(
          webhooks.map((webhook) => ({
            name: webhook.name ?? webhook.id,
            type: TYPE_LABELS[webhook.type] ?? `type ${webhook.type}`,
            channel: webhook.channel_id ? channelLabel(webhook.channel_id) : null,
            createdBy: webhook.user?.username ?? null,
            ...(problems.has(webhook.id) ? { problem: problems.get(webhook.id) } : {}),
          })),
        )
      : null,
    totalWebhooks: webhooks?.length ?? null,
    rolesWithCriticalPerms: managerRoles.map((role) => roleFinding(role, MANAGES_WEBHOOKS)),
    channels: listed(exposedChannels),
    vulnerableChannels: exposedChannels.length,
    webhookManagersByOverwrite: listed(overwriteGrants),
    ...warningsEvidence(warnings),
  });
  return decide(failures, missing, evidence, 'Only staff can manage webhooks.');
}
