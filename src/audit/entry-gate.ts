import type { AuditSnapshot } from '../shared/audit-snapshot.js';
import type { CheckEvidence } from '../shared/findings.js';
import {
  meetsVerificationBaseline,
  VERIFICATION_BASELINE_LEVEL,
  verificationLevelLabel,
} from '../shared/verification-level.js';

/** The verification keys of the shared evidence shape, always present, plus the gates one by one. */
export type EntryGateEvidence = Required<
  Pick<
    CheckEvidence,
    | 'verificationLevel'
    | 'verificationLabel'
    | 'hasWelcomeScreen'
    | 'hasRulesChannel'
    | 'passedFeatures'
    | 'totalFeatures'
  >
> & { features: { name: string; enabled: boolean }[] };

/**
 * The gates a newcomer passes before posting, in the "verificationLevel" evidence shape the dashboard
 * renders for both the verification-level and the member-screening checks.
 */
export function entryGateEvidence(snapshot: AuditSnapshot): EntryGateEvidence {
  const { guild } = snapshot;
  const features = new Set<string>(guild.features);
  const hasWelcomeScreen = features.has('WELCOME_SCREEN_ENABLED');
  const hasRulesChannel = guild.rules_channel_id !== null && guild.rules_channel_id !== undefined;
  const items = [
    {
      name: `Verification level ${verificationLevelLabel(VERIFICATION_BASELINE_LEVEL)} or higher`,
      enabled: meetsVerificationBaseline(guild.verification_level),
    },
    { name: 'Community features', enabled: features.has('COMMUNITY') },
    { name: 'Rules screening (membership gate)', enabled: features.has('MEMBER_VERIFICATION_GATE_ENABLED') },
    { name: 'Rules channel', enabled: hasRulesChannel },
    { name: 'Welcome screen', enabled: hasWelcomeScreen },
    { name: 'Onboarding', enabled: snapshot.onboarding?.enabled === true },
  ];
  return {
    verificationLevel: guild.verification_level,
    verificationLabel: verificationLevelLabel(guild.verification_level),
    hasWelcomeScreen,
    hasRulesChannel,
    passedFeatures: items.filter((item) => item.enabled).length,
    totalFeatures: items.length,
    features: items,
  };
}
