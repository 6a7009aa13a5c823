import type { ChannelFinding } from '../../shared/findings.js';
import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import {
  ChannelKind,
  hasPermission,
  OVERWRITE_TYPE_MEMBER,
  OVERWRITE_TYPE_ROLE,
  parsePermissions,
  Permission,
  permissionLabelsOf,
} from '../../shared/permissions.js';
import {
  auditableChannels,
  channelName,
  channelTypeLabel,
  everyoneEffectivePermissions,
  overwritesOf,
} from '../channel-view.js';
import { MISSING_DATA, warningsEvidence, decide, listed, namesOf, unknownBecause, withAuditBot } from '../evidence.js';
import { indexGuild } from '../guild-index.js';
import { findMembers, roleHolderCount } from '../holders.js';
import { DISCORD_CHANNEL_DOC, DISCORD_PERMISSIONS_DOC, SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'CHANNEL_HARDENING',
  name: 'Channel Permissions',
  category: 'Channels',
  severity: 'HIGH',
  whyThisMatters:
    'Channel overwrites beat role settings. One forgotten overwrite that lets @everyone (or a role nearly everyone has) manage a channel, its permissions or its webhooks undoes a careful role setup, and a writable rules or announcement channel lets anyone post official-looking scams.',
  remediation:
    'For each listed channel, open Edit Channel > Permissions: remove Manage Channel, Manage Permissions, Manage Webhooks, Manage Messages, Manage Threads and Mention @everyone from @everyone and from broad roles; deny Send Messages to @everyone in the rules and announcement channels; replace per-member overwrites with staff roles; hide staff channels from @everyone.',
  evidenceGuidance:
    'Evidence lists each channel with a risky overwrite (channel, type, the permissions granted and to whom).',
  requiresManualEvidence: false,
  references: [SEAL_DISCORD, DISCORD_PERMISSIONS_DOC, DISCORD_CHANNEL_DOC],
};

const MANAGE_BITS =
  Permission.MANAGE_CHANNELS |
  Permission.MANAGE_MESSAGES |
  Permission.MANAGE_ROLES |
  Permission.MANAGE_WEBHOOKS |
  Permission.MENTION_EVERYONE |
  Permission.MANAGE_THREADS;

const STAFF_NAME =
  /(^|[^a-z])(staff|mods?|moderators?|moderation|admins?|team|private|internal|leads?|core)([^a-z]|$)/i;

export function evaluate(snapshot: AuditSnapshot): CheckOutcome {
  if (snapshot.channels === null) return unknownBecause(MISSING_DATA.channels);
  const index = indexGuild(snapshot);
  const total = index.totalMembers;
  const findings: ChannelFinding[] = [];
  const failures: string[] = [];
  const missing = new Set<string>();
  const warnings: string[] = [];
  const memberGrants: { label: string; userId: string; granted: bigint }[] = [];
  let publicChannels = 0;

  const addFinding = (channelLabel: string, type: number, grantedBits: bigint, problem: string) => {
    findings.push({
      name: channelLabel,
      type: channelTypeLabel(type),
      permissions: grantedBits.toString(),
      permissionNames: permissionLabelsOf(grantedBits),
      problem,
    });
    failures.push(`${channelLabel}: ${problem}`);
  };

  for (const channel of auditableChannels(snapshot)) {
    const label = channelName(channel);
    const everyone = everyoneEffectivePermissions(index, channel);
    const isPublic = hasPermission(everyone, Permission.VIEW_CHANNEL);
    if (isPublic && channel.type !== ChannelKind.GUILD_CATEGORY) publicChannels += 1;

    for (const grant of overwritesOf(channel)) {
      const granted = parsePermissions(grant.allow) & MANAGE_BITS;
      if (granted === 0n) continue;
      if (grant.id === index.guildId) {
        addFinding(label, channel.type, granted, `@everyone is allowed ${namesOf(granted)}`);
      } else if (grant.type === OVERWRITE_TYPE_ROLE) {
        const role = index.roleById.get(grant.id);
        if (!role || role.isAuditBotRole) continue;
        const holders = roleHolderCount(index, snapshot, role.id);
        if (holders === null || total === null) {
          missing.add(holders === null ? MISSING_DATA.members : MISSING_DATA.memberCount);
        } else if (holders > total / 2) {
          addFinding(
            label,
            channel.type,
            granted,
            `"${role.name}" (held by ${holders} of ${total} members) is allowed ${namesOf(granted)}`,
          );
        }
      } else if (grant.type === OVERWRITE_TYPE_MEMBER && grant.id !== index.botUserId) {
        memberGrants.push({ label, userId: grant.id, granted });
      }
    }

    const isRules = channel.id === snapshot.guild.rules_channel_id;
    const isAnnouncement = channel.type === ChannelKind.GUILD_ANNOUNCEMENT;
    if ((isRules || isAnnouncement) && hasPermission(everyone, Permission.SEND_MESSAGES)) {
      addFinding(
        label,
        channel.type,
        Permission.SEND_MESSAGES,
        `@everyone can post in the ${isRules ? 'rules' : 'announcement'} channel`,
      );
    }
    if (isPublic && STAFF_NAME.test(channel.name ?? '')) {
      warnings.push(`${label} looks staff-only but @everyone can see it.`);
    }
  }

  const grantees = findMembers(
    index,
    memberGrants.map((grant) => grant.userId),
  );
  for (const { label, userId, granted } of memberGrants) {
    const who = grantees?.get(userId)?.displayName ?? userId;
    warnings.push(
      `${label}: member ${who} has a personal overwrite granting ${namesOf(granted)}; use a staff role instead.`,
    );
  }

  const vulnerable = new Set(findings.map((finding) => finding.name)).size;
  const evidence = withAuditBot(index, {
    channels: listed(findings),
    publicChannels,
    vulnerableChannels: vulnerable,
    channelsRead: snapshot.channels.length,
    coverage:
      'Discord omits channels the bot cannot view; give the bot View Channel on private channels to audit them.',
    ...warningsEvidence(warnings),
  });
  return decide(
    failures,
    [...missing],
    evidence,
    `No risky overwrites in ${snapshot.channels.length} channels, and rules and announcements are read-only for @everyone.`,
  );
}
