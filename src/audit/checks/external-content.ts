import { GuildExplicitContentFilter } from 'discord-api-types/v10';
import type { ChannelFinding } from '../../shared/findings.js';
import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import {
  ChannelKind,
  EXTERNAL_CONTENT_PERMISSIONS,
  hasAnyPermission,
  hasPermission,
  Permission,
  permissionLabelsOf,
} from '../../shared/permissions.js';
import { auditableChannels, channelName, channelTypeLabel, everyoneEffectivePermissions } from '../channel-view.js';
import { MISSING_DATA, decide, listed, namesOf, unknownBecause, warningsEvidence } from '../evidence.js';
import { indexGuild } from '../guild-index.js';
import { DISCORD_PERMISSIONS_DOC, SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'EXTERNAL_CONTENT',
  name: 'External Content & Applications',
  category: 'Channels',
  severity: 'LOW',
  whyThisMatters:
    'Links with previews, file uploads, external stickers, sounds and apps are how phishing pages, malware and shock content reach members. Letting brand-new members post them everywhere, with no media filter, gives raiders their best tool.',
  remediation:
    'Server Settings > Roles > @everyone: remove Embed Links, Attach Files, Use External Emojis/Stickers/Sounds and Use External Apps, and grant them to a verified or levelled role instead (or allow them only in specific channels). Keep the explicit image filter on for all members.',
  evidenceGuidance:
    'Evidence lists the public text channels where @everyone can post external content and which kinds.',
  requiresManualEvidence: false,
  references: [SEAL_DISCORD, DISCORD_PERMISSIONS_DOC],
};

const TEXT_LIKE = new Set<number>([
  ChannelKind.GUILD_TEXT,
  ChannelKind.GUILD_ANNOUNCEMENT,
  ChannelKind.GUILD_FORUM,
  ChannelKind.GUILD_MEDIA,
]);
const UNFILTERED_RISK = Permission.ATTACH_FILES | Permission.EMBED_LINKS;
const THREAD_ONLY = new Set<number>([ChannelKind.GUILD_FORUM, ChannelKind.GUILD_MEDIA]);

/** Forum and media channels are posted to through threads; text channels need Send Messages itself. */
function canPost(permissions: bigint, channelType: number): boolean {
  const needed = THREAD_ONLY.has(channelType)
    ? Permission.SEND_MESSAGES | Permission.SEND_MESSAGES_IN_THREADS
    : Permission.SEND_MESSAGES;
  return hasAnyPermission(permissions, needed);
}

export function evaluate(snapshot: AuditSnapshot): CheckOutcome {
  if (snapshot.channels === null) return unknownBecause(MISSING_DATA.channels);
  const index = indexGuild(snapshot);
  const filterOff = snapshot.guild.explicit_content_filter === GuildExplicitContentFilter.Disabled;
  const findings: ChannelFinding[] = [];
  const failingChannels: string[] = [];
  let publicChannels = 0;

  for (const channel of auditableChannels(snapshot)) {
    if (!TEXT_LIKE.has(channel.type)) continue;
    const everyone = everyoneEffectivePermissions(index, channel);
    if (!hasPermission(everyone, Permission.VIEW_CHANNEL)) continue;
    publicChannels += 1;
    // Nothing external arrives in a channel where @everyone cannot post at all.
    if (!canPost(everyone, channel.type)) continue;
    const granted = everyone & EXTERNAL_CONTENT_PERMISSIONS;
    if (granted === 0n) continue;
    const unfiltered = filterOff && hasAnyPermission(granted, UNFILTERED_RISK);
    if (unfiltered) failingChannels.push(channelName(channel));
    findings.push({
      name: channelName(channel),
      type: channelTypeLabel(channel.type),
      permissions: granted.toString(),
      permissionNames: permissionLabelsOf(granted),
      problem: unfiltered
        ? 'files or link previews from anyone, with the media filter off'
        : '@everyone can post external content',
    });
  }

  const failures =
    failingChannels.length > 0
      ? [
          `With the explicit media filter off, @everyone can attach files or embed links in ${failingChannels.join(', ')}.`,
        ]
      : [];
  const everyoneBase = index.everyone.permissions & EXTERNAL_CONTENT_PERMISSIONS;
  const evidence = {
    channels: listed(findings),
    publicChannels,
    vulnerableChannels: failingChannels.length,
    everyoneExternalPermissions: permissionLabelsOf(everyoneBase),
    explicitContentFilter: snapshot.guild.explicit_content_filter,
    ...warningsEvidence(
      findings.map((finding) => `${finding.name}: @everyone has ${finding.permissionNames.join(', ')}`),
    ),
  };
  const passSummary =
    findings.length === 0
      ? '@everyone cannot post external content in public channels.'
      : `@everyone can post ${namesOf(EXTERNAL_CONTENT_PERMISSIONS & findings.reduce((mask, finding) => mask | BigInt(finding.permissions), 0n))} in ${findings.length} public channel(s); the media filter scans it.`;
  return decide(failures, [], evidence, passSummary);
}
