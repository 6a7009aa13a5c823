import type { APIThreadOnlyChannel, ChannelType } from 'discord-api-types/v10';
import type { ChannelFinding } from '../../shared/findings.js';
import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { ChannelKind, hasPermission, Permission, permissionLabelsOf } from '../../shared/permissions.js';
import { auditableChannels, channelName, channelTypeLabel, everyoneEffectivePermissions } from '../channel-view.js';
import { MISSING_DATA, warningsEvidence, decide, listed, namesOf, unknownBecause } from '../evidence.js';
import { indexGuild } from '../guild-index.js';
import { DISCORD_CHANNEL_DOC, SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'STAGE_FORUM_CHANNELS',
  name: 'Stage & Forum Channel Security',
  category: 'Channels',
  severity: 'MEDIUM',
  whyThisMatters:
    'Stage moderators can bring anyone on stage, mute speakers and move people; forum managers can lock, delete and edit posts. Granting those to @everyone lets any visitor hijack a live event or wipe a help forum, and forums without slowmode are easy to flood.',
  remediation:
    'Stage channels: remove Manage Channel, Mute Members and Move Members from @everyone (Edit Channel > Permissions) and give them to event staff. Forum and media channels: remove Manage Threads from @everyone, set a post slowmode (Edit Channel > Overview > Slowmode, which limits how often a member can create posts), and use moderated tags for official posts.',
  evidenceGuidance:
    'Evidence lists each stage, forum and media channel where @everyone holds moderator powers or can post without slowmode.',
  requiresManualEvidence: false,
  references: [SEAL_DISCORD, DISCORD_CHANNEL_DOC],
};

const STAGE_MODERATOR = Permission.MANAGE_CHANNELS | Permission.MUTE_MEMBERS | Permission.MOVE_MEMBERS;
const THREAD_ONLY = new Set<number>([ChannelKind.GUILD_FORUM, ChannelKind.GUILD_MEDIA]);

type ThreadOnlyChannel = APIThreadOnlyChannel<ChannelType.GuildForum | ChannelType.GuildMedia>;

export function evaluate(snapshot: AuditSnapshot): CheckOutcome {
  if (snapshot.channels === null) return unknownBecause(MISSING_DATA.channels);
  const index = indexGuild(snapshot);
  const findings: ChannelFinding[] = [];
  const failures: string[] = [];
  const warnings: string[] = [];
  let checked = 0;

  for (const channel of auditableChannels(snapshot)) {
    const everyone = everyoneEffectivePermissions(index, channel);
    const label = channelName(channel);
    if (channel.type === ChannelKind.GUILD_STAGE_VOICE) {
      checked += 1;
      const granted = everyone & STAGE_MODERATOR;
      if (granted !== 0n) {
        findings.push({
          name: label,
          type: channelTypeLabel(channel.type),
          permissions: granted.toString(),
          permissionNames: permissionLabelsOf(granted),
          problem: 'stage moderator powers for @everyone',
        });
        failures.push(`${label}: @everyone has ${namesOf(granted)} on the stage.`);
      }
    } else if (THREAD_ONLY.has(channel.type)) {
      checked += 1;
      if (hasPermission(everyone, Permission.MANAGE_THREADS)) {
        findings.push({
          name: label,
          type: channelTypeLabel(channel.type),
          permissions: Permission.MANAGE_THREADS.toString(),
          permissionNames: ['Manage Threads'],
          problem: '@everyone can manage every post',
        });
        failures.push(`${label}: @everyone has Manage Threads.`);
      }
      // The type check above is exactly what makes this a forum or media channel.
      const settings = channel as ThreadOnlyChannel;
      // Creating a post is governed by the channel's own rate_limit_per_user; the
      // default_thread_rate_limit_per_user only applies to messages inside posts.
      const postSlowmode = settings.rate_limit_per_user ?? 0;
      if (hasPermission(everyone, Permission.SEND_MESSAGES) && postSlowmode === 0) {
        warnings.push(`${label}: @everyone can create posts with no post slowmode (rate_limit_per_user is 0).`);
      }
      if (!(settings.available_tags ?? []).some((tag) => tag.moderated === true)) {
        warnings.push(`${label}: no moderated tags, so any poster can mark a post as official.`);
      }
    }
  }

  const evidence = {
    channels: listed(findings),
    stageAndForumChannels: checked,
    vulnerableChannels: new Set(findings.map((finding) => finding.name)).size,
    ...warningsEvidence(warnings),
  };
  const passSummary =
    checked === 0
      ? 'The server has no stage, forum or media channels.'
      : `@everyone holds no moderator powers in ${checked} stage, forum or media channel(s).`;
  return decide(failures, [], evidence, passSummary);
}
