import {
  AutoModerationActionType,
  AutoModerationRuleTriggerType,
  type APIAutoModerationRule,
} from 'discord-api-types/v10';
import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { MISSING_DATA, decide, listed, unknownBecause, warningsEvidence } from '../evidence.js';
import { DISCORD_AUTOMOD_DOC, SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'AUTOMOD_ENABLED',
  name: 'AutoMod Protection',
  category: 'Moderation & verification',
  severity: 'MEDIUM',
  whyThisMatters:
    "Discord's AutoMod blocks spam, mass mentions and slurs before anyone sees them, around the clock. Raids and phishing waves arrive faster than human moderators can react; without blocking rules, the first wave always lands.",
  remediation:
    'Server Settings > AutoMod: enable "Block Spam Content", "Block Mention Spam" (limit 20 or fewer, raid protection on) and "Block Commonly Flagged Words", each with the "Block message" response. Do not exempt @everyone from a rule.',
  evidenceGuidance:
    'Evidence lists every AutoMod rule with its trigger, whether it is enabled and whether it blocks messages.',
  requiresManualEvidence: false,
  references: [SEAL_DISCORD, DISCORD_AUTOMOD_DOC],
};

const PROTECTIVE_TRIGGERS = new Set<number>([
  AutoModerationRuleTriggerType.Spam,
  AutoModerationRuleTriggerType.KeywordPreset,
  AutoModerationRuleTriggerType.MentionSpam,
]);

const TRIGGER_LABELS: Readonly<Record<number, string>> = {
  [AutoModerationRuleTriggerType.Keyword]: 'keyword',
  [AutoModerationRuleTriggerType.Spam]: 'spam',
  [AutoModerationRuleTriggerType.KeywordPreset]: 'keyword preset',
  [AutoModerationRuleTriggerType.MentionSpam]: 'mention spam',
  [AutoModerationRuleTriggerType.MemberProfile]: 'member profile',
};

const MAX_SAFE_MENTIONS = 20;

function blocksMessages(rule: APIAutoModerationRule): boolean {
  return rule.actions.some((action) => action.type === AutoModerationActionType.BlockMessage);
}

export function evaluate(snapshot: AuditSnapshot): CheckOutcome {
  const rules = snapshot.autoModerationRules;
  if (rules === null) return unknownBecause(MISSING_DATA.autoModerationRules);
  const guildId = snapshot.guild.id;
  const enabled = rules.filter((rule) => rule.enabled);
  // A rule that exempts @everyone applies to nobody.
  const inert = enabled.filter((rule) => rule.exempt_roles.includes(guildId));
  const effective = enabled.filter((rule) => !rule.exempt_roles.includes(guildId));
  const protective = effective.filter((rule) => PROTECTIVE_TRIGGERS.has(rule.trigger_type) && blocksMessages(rule));

  const warnings = inert.map((rule) => `Rule "${rule.name}" exempts @everyone, so it never applies.`);
  for (const rule of effective) {
    if (rule.trigger_type !== AutoModerationRuleTriggerType.MentionSpam) continue;
    const limit = rule.trigger_metadata.mention_total_limit;
    if (limit !== undefined && limit > MAX_SAFE_MENTIONS)
      warnings.push(`Rule "${rule.name}" allows ${limit} mentions per message (20 or fewer is safer).`);
    if (rule.trigger_metadata.mention_raid_protection_enabled !== true)
      warnings.push(`Rule "${rule.name}" has mention-raid protection off.`);
  }

  const evidence = {
    automodEnabled: enabled.length > 0,
    activeRules: enabled.length,
    totalRules: rules.length,
    protectiveRules: protective.length,
    rules: listed(
      rules.map((rule) => ({
        name: rule.name,
        trigger: TRIGGER_LABELS[rule.trigger_type] ?? `trigger ${rule.trigger_type}`,
        enabled: rule.enabled,
        blocksMessages: blocksMessages(rule),
      })),
    ),
    ...warningsEvidence(warnings),
  };
  if (protective.length > 0) {
    return decide(
      [],
      [],
      evidence,
      `${protective.length} enabled AutoMod rule(s) block spam, mention spam or flagged words.`,
    );
  }
  const failure =
    effective.length === 0
      ? 'No AutoMod rule is in effect.'
      : 'No enabled AutoMod rule blocks spam, mention spam or commonly flagged words.';
  const recommendation =
    'Enable the Spam, Mention Spam and Commonly Flagged Words rules with the "Block message" response.';
  return decide([failure], [], { ...evidence, recommendation }, '');
}
