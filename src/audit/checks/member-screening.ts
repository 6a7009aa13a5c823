import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { entryGateEvidence } from '../entry-gate.js';
import { DISCORD_GUILD_DOC, SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'MEMBER_SCREENING',
  name: 'Member Screening',
  category: 'Moderation & verification',
  severity: 'MEDIUM',
  whyThisMatters:
    'Rules screening makes every newcomer read and accept the rules before they can talk, react or DM members through the server. It stops drive-by spam bots and gives moderators a clear basis for action.',
  remediation:
    'Server Settings > Enable Community (needs a rules channel and verification level Low or higher), then Server Settings > Safety Setup (or Onboarding) > Rules Screening: turn it on and list the rules. A welcome screen and onboarding are recommended too.',
  evidenceGuidance:
    'Evidence shows the guild features COMMUNITY and MEMBER_VERIFICATION_GATE_ENABLED, the rules channel, the welcome screen and onboarding state.',
  requiresManualEvidence: false,
  references: [SEAL_DISCORD, DISCORD_GUILD_DOC],
};

export function evaluate(snapshot: AuditSnapshot): CheckOutcome {
  const features = new Set<string>(snapshot.guild.features);
  const gate = entryGateEvidence(snapshot);
  const pending = snapshot.members?.filter((member) => member.pending === true).length ?? null;
  const evidence = {
    ...gate,
    community: features.has('COMMUNITY'),
    screeningEnabled: features.has('MEMBER_VERIFICATION_GATE_ENABLED'),
    onboardingEnabled: snapshot.onboarding ? snapshot.onboarding.enabled : null,
    membersPendingScreening: pending,
  };
  if (!features.has('COMMUNITY')) {
    // Screening cannot exist without Community, so the protection is absent rather than "not applicable".
    return {
      status: 'FAIL',
      evidence: {
        ...evidence,
        summary:
          'Community is not enabled, so rules screening is unavailable and newcomers can post without accepting rules.',
        recommendation: 'Enable Community, then turn on Rules Screening.',
      },
    };
  }
  const problems: string[] = [];
  if (!features.has('MEMBER_VERIFICATION_GATE_ENABLED')) problems.push('Rules screening is off.');
  if (!gate.hasRulesChannel) problems.push('No rules channel is set.');
  if (problems.length > 0) {
    return {
      status: 'FAIL',
      evidence: {
        ...evidence,
        summary: problems.join(' '),
        details: problems,
        recommendation: 'Turn on Rules Screening and set a rules channel.',
      },
    };
  }
  return {
    status: 'PASS',
    evidence: { ...evidence, summary: 'Newcomers must accept the rules before they can take part.' },
  };
}
