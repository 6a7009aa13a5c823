import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import {
  meetsVerificationBaseline,
  VERIFICATION_BASELINE_LEVEL,
  verificationLevelLabel,
} from '../../shared/verification-level.js';
import { entryGateEvidence } from '../entry-gate.js';
import { DISCORD_GUILD_DOC, SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'VERIFICATION_LEVEL',
  name: 'Verification Level',
  category: 'Moderation & verification',
  severity: 'MEDIUM',
  whyThisMatters:
    'The verification level decides who may talk at all. At None or Low, freshly created throwaway accounts can join and spam or phish within seconds, which is how most raids work.',
  remediation:
    'Server Settings > Safety Setup > Verification Level: choose at least Medium (account registered for 5 minutes); High (member for 10 minutes) suits public servers under attack.',
  evidenceGuidance:
    'Evidence shows the guild verification_level (0 None … 4 Highest) and how many members bypass verification.',
  requiresManualEvidence: false,
  references: [SEAL_DISCORD, DISCORD_GUILD_DOC],
};

/** GuildMemberFlags.BYPASSES_VERIFICATION */
const BYPASSES_VERIFICATION = 1 << 2;

export function evaluate(snapshot: AuditSnapshot): CheckOutcome {
  const level = snapshot.guild.verification_level;
  const gate = entryGateEvidence(snapshot);
  const bypassing = snapshot.members?.filter((member) => (member.flags & BYPASSES_VERIFICATION) !== 0).length ?? null;
  const evidence = { ...gate, membersBypassingVerification: bypassing };
  if (meetsVerificationBaseline(level)) {
    return { status: 'PASS', evidence: { ...evidence, summary: `Verification level is ${gate.verificationLabel}.` } };
  }
  return {
    status: 'FAIL',
    evidence: {
      ...evidence,
      summary: `Verification level is ${gate.verificationLabel}: new accounts can post almost immediately.`,
      recommendation: `Raise the verification level to ${verificationLevelLabel(VERIFICATION_BASELINE_LEVEL)} or higher.`,
    },
  };
}
