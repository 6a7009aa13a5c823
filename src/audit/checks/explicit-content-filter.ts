import { GuildExplicitContentFilter } from 'discord-api-types/v10';
import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { DISCORD_GUILD_DOC, SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'EXPLICIT_CONTENT_FILTER',
  name: 'Explicit Content Filter',
  category: 'Moderation & verification',
  severity: 'MEDIUM',
  whyThisMatters:
    'Raiders and compromised accounts post shock images to drive members away. The explicit media filter scans images from every member before others see them; with it off or limited to members without roles, one compromised member with a role can post anything.',
  remediation:
    'Server Settings > Safety Setup > AutoMod (Explicit image filter): choose "Filter messages from all members".',
  evidenceGuidance:
    'Evidence shows the guild explicit_content_filter level (0 off, 1 members without roles, 2 all members).',
  requiresManualEvidence: false,
  references: [SEAL_DISCORD, DISCORD_GUILD_DOC],
};

const LEVEL_LABELS: Readonly<Record<number, string>> = {
  [GuildExplicitContentFilter.Disabled]: 'Disabled',
  [GuildExplicitContentFilter.MembersWithoutRoles]: 'Members without roles',
  [GuildExplicitContentFilter.AllMembers]: 'All members',
};

export function evaluate(snapshot: AuditSnapshot): CheckOutcome {
  const level = snapshot.guild.explicit_content_filter;
  const label = LEVEL_LABELS[level] ?? `Level ${level}`;
  if (level === GuildExplicitContentFilter.AllMembers) {
    return {
      status: 'PASS',
      evidence: { summary: 'Media from all members is scanned.', explicitContentFilter: level, filterLabel: label },
    };
  }
  return {
    status: 'FAIL',
    evidence: {
      summary:
        level === GuildExplicitContentFilter.MembersWithoutRoles
          ? 'Only members without roles are scanned; anyone holding a role can post unscanned media.'
          : 'The explicit media filter is off.',
      explicitContentFilter: level,
      filterLabel: label,
      recommendation: 'Set the explicit image filter to "Filter messages from all members".',
    },
  };
}
