import { GuildMFALevel } from 'discord-api-types/v10';
import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { ELEVATED_PERMISSIONS } from '../../shared/permissions.js';
import { namesOf } from '../evidence.js';
import { DISCORD_PERMISSIONS_DOC, SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'MFA_MODERATION',
  name: 'Two-Factor Authentication for Moderation',
  category: 'Moderation & verification',
  severity: 'HIGH',
  whyThisMatters:
    'Without "Require 2FA for moderation", a moderator or admin whose password is phished can ban members, delete channels and hand out roles at once. With it, every elevated action needs the account\'s second factor.',
  remediation:
    'Server Settings > Safety Setup > Moderation: turn on "Require 2FA for moderation". Only the server owner can change it, and only with 2FA enabled on their own account. Ask every moderator, admin and bot owner to enable 2FA first, or they lose their elevated permissions.',
  evidenceGuidance: 'Evidence shows the guild mfa_level read from Discord (1 = 2FA required for moderation).',
  requiresManualEvidence: false,
  references: [SEAL_DISCORD, DISCORD_PERMISSIONS_DOC],
};

export function evaluate(snapshot: AuditSnapshot): CheckOutcome {
  const mfaLevel = snapshot.guild.mfa_level;
  const mfaRequired = mfaLevel === GuildMFALevel.Elevated;
  return {
    status: mfaRequired ? 'PASS' : 'FAIL',
    evidence: {
      summary: mfaRequired
        ? 'Moderation actions require 2FA on the acting account.'
        : 'Moderation actions do not require 2FA: a stolen password is enough to moderate.',
      mfaRequired,
      mfaLevel,
      protectedPermissions: namesOf(ELEVATED_PERMISSIONS),
      ...(mfaRequired ? {} : { recommendation: 'Turn on "Require 2FA for moderation" in Safety Setup.' }),
    },
  };
}
