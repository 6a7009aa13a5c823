import type { z } from 'zod';
import {
  AuditBotNote,
  BotFinding,
  ChannelFinding,
  IntegrationFinding,
  MemberFinding,
  RoleFinding,
} from '../../../../shared/findings';
import {
  meetsVerificationBaseline,
  meetsVerificationRecommendation,
  RECOMMENDED_VERIFICATION_LEVEL,
  VERIFICATION_BASELINE_LEVEL,
  verificationLevelLabel,
} from '../../../../shared/verification-level';

/**
 * Turns a check's evidence (a free-form object from the server) into typed sections the evidence
 * view can render. Every nested value is parsed with the engine's own finding schemas, so a
 * malformed item is dropped instead of breaking the page.
 */

export const CHANNELS_SHOWN = 5;
export const MEMBERS_SHOWN = 3;
export const GENERIC_VALUE_MAX = 100;
/** Keys never listed: internal diagnostics rather than findings. */
const SKIPPED_KEYS = new Set(['error', 'timestamp', 'raw']);

const BASELINE_LABEL = verificationLevelLabel(VERIFICATION_BASELINE_LEVEL);
const RECOMMENDED_LABEL = verificationLevelLabel(RECOMMENDED_VERIFICATION_LEVEL);

/** Follows the check (docs/decisions/0015): a passing level never carries a warning; the recommended one is advice. */
function verificationNote(level: number): string | null {
  if (!meetsVerificationBaseline(level)) return `below ${BASELINE_LABEL}: raise it to ${BASELINE_LABEL} or higher`;
  if (!meetsVerificationRecommendation(level)) return `meets the check; ${RECOMMENDED_LABEL} suits public servers`;
  return null;
}

export type EvidenceSection =
  | { kind: 'overview'; summary: string | null; details: string[]; recommendation: string | null; warnings: string[] }
  | { kind: 'missing-data'; items: string[] }
  | { kind: 'roles'; roles: RoleFinding[] }
  | { kind: 'bots'; title: string; bots: BotFinding[]; totalBots: number | null; criticalCount: number | null }
  | {
      kind: 'channels';
      shown: ChannelFinding[];
      total: number;
      publicChannels: number | null;
      vulnerableChannels: number | null;
    }
  | {
      kind: 'members';
      shown: MemberFinding[];
      total: number;
      membersWithElevatedPerms: number | null;
      totalMembers: number | null;
    }
  | { kind: 'integrations'; integrations: IntegrationFinding[]; suspiciousIntegrations: number | null }
  | { kind: 'owner'; ownerId: string; verified: boolean | null }
  | {
      kind: 'verification';
      level: number;
      label: string;
      meetsCheck: boolean;
      note: string | null;
      hasWelcomeScreen: boolean | null;
      hasRulesChannel: boolean | null;
      passedFeatures: number | null;
      totalFeatures: number | null;
    }
  | { kind: 'mfa'; mfaRequired: boolean; mfaLevel: number | null }
  | { kind: 'automod'; automodEnabled: boolean; activeRules: number | null; totalRules: number | null }
  | { kind: 'audit-bot'; name: string }
  | { kind: 'other'; entries: { key: string; label: string; value: string }[] };

export type EvidenceKind = EvidenceSection['kind'];

/** Reads keys from the evidence and remembers which were used, so the rest can be listed generically. */
class EvidenceReader {
  private readonly used = new Set<string>();
  constructor(private readonly evidence: Record<string, unknown>) {}

  has(key: string): boolean {
    return this.evidence[key] !== undefined;
  }
  private take(key: string): unknown {
    this.used.add(key);
    return this.evidence[key];
  }
  string(key: string): string | null {
    const value = this.take(key);
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  }
  number(key: string): number | null {
    const value = this.take(key);
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  }
  boolean(key: string): boolean | null {
    const value = this.take(key);
    return typeof value === 'boolean' ? value : null;
  }
  strings(key: string): string[] {
    const value = this.take(key);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  }
  items<T>(key: string, schema: z.ZodType<T>): T[] {
    const value = this.take(key);
    if (!Array.isArray(value)) return [];
    return value.flatMap((item) => {
      const parsed = schema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  }
  object<T>(key: string, schema: z.ZodType<T>): T | null {
    const parsed = schema.safeParse(this.take(key));
    return parsed.success ? parsed.data : null;
  }
  unusedEntries(): [string, unknown][] {
    return Object.entries(this.evidence).filter(
      ([key, value]) => !this.used.has(key) && !SKIPPED_KEYS.has(key) && value !== undefined,
    );
  }
}

/** "membersBypassingVerification" → "Members bypassing verification". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function itemText(item: unknown): string {
  if (typeof item === 'string' || typeof item === 'number' || typeof item === 'bigint') return String(item);
  if (typeof item === 'boolean') return item ? 'Yes' : 'No';
  if (item !== null && typeof item === 'object' && 'name' in item && typeof item.name === 'string') return item.name;
  return JSON.stringify(item) ?? '';
}

/** Plain text for any evidence value, cut at 100 characters. */
export function formatEvidenceValue(value: unknown): string {
  let text: string;
  if (value === null) text = 'Unknown';
  else if (Array.isArray(value)) text = value.length === 0 ? 'None' : value.map(itemText).join(', ');
  else text = itemText(value);
  return text.length > GENERIC_VALUE_MAX ? `${text.slice(0, GENERIC_VALUE_MAX - 1)}…` : text;
}

function readFindings(reader: EvidenceReader, has: (key: string) => boolean): EvidenceSection[] {
  const sections: EvidenceSection[] = [];
  if (has('rolesWithCriticalPerms')) {
    const roles = reader.items('rolesWithCriticalPerms', RoleFinding);
    if (roles.length > 0) sections.push({ kind: 'roles', roles });
  }
  const totalBots = has('totalBots') ? reader.number('totalBots') : null;
  const criticalCount = has('criticalCount') ? reader.number('criticalCount') : null;
  for (const [key, title] of [
    ['problematicBots', 'Problematic bots'],
    ['botsWithDangerousPerms', 'Bots with dangerous permissions'],
  ] as const) {
    if (!has(key)) continue;
    const bots = reader.items(key, BotFinding);
    if (bots.length > 0 || key === 'problematicBots')
      sections.push({ kind: 'bots', title, bots, totalBots, criticalCount });
  }
  if (has('channels')) {
    const channels = reader.items('channels', ChannelFinding);
    sections.push({
      kind: 'channels',
      shown: channels.slice(0, CHANNELS_SHOWN),
      total: channels.length,
      publicChannels: reader.number('publicChannels'),
      vulnerableChannels: reader.number('vulnerableChannels'),
    });
  }
  if (has('members')) {
    const members = reader.items('members', MemberFinding);
    sections.push({
      kind: 'members',
      shown: members.slice(0, MEMBERS_SHOWN),
      total: members.length,
      membersWithElevatedPerms: reader.number('membersWithElevatedPerms'),
      totalMembers: reader.number('totalMembers'),
    });
  }
  if (has('integrations')) {
    const integrations = reader.items('integrations', IntegrationFinding);
    sections.push({
      kind: 'integrations',
      integrations,
      suspiciousIntegrations: reader.number('suspiciousIntegrations'),
    });
  }
  return sections;
}

function readSettings(reader: EvidenceReader, has: (key: string) => boolean): EvidenceSection[] {
  const sections: EvidenceSection[] = [];
  const ownerId = has('ownerId') ? reader.string('ownerId') : null;
  if (ownerId !== null) sections.push({ kind: 'owner', ownerId, verified: reader.boolean('verified') });
  const level = has('verificationLevel') ? reader.number('verificationLevel') : null;
  if (level !== null) {
    reader.string('verificationLabel');
    sections.push({
      kind: 'verification',
      level,
      label: verificationLevelLabel(level),
      meetsCheck: meetsVerificationBaseline(level),
      note: verificationNote(level),
      hasWelcomeScreen: reader.boolean('hasWelcomeScreen'),
      hasRulesChannel: reader.boolean('hasRulesChannel'),
      passedFeatures: reader.number('passedFeatures'),
      totalFeatures: reader.number('totalFeatures'),
    });
  }
  const mfaRequired = has('mfaRequired') ? reader.boolean('mfaRequired') : null;
  if (mfaRequired !== null) sections.push({ kind: 'mfa', mfaRequired, mfaLevel: reader.number('mfaLevel') });
  const automodEnabled = has('automodEnabled') ? reader.boolean('automodEnabled') : null;
  if (automodEnabled !== null) {
    sections.push({
      kind: 'automod',
      automodEnabled,
      activeRules: reader.number('activeRules'),
      totalRules: reader.number('totalRules'),
    });
  }
  return sections;
}

/** The sections of one check's evidence, in reading order; empty when there is no evidence at all. */
export function evidenceSections(evidence: Record<string, unknown> | null | undefined): EvidenceSection[] {
  if (evidence === null || evidence === undefined) return [];
  const reader = new EvidenceReader(evidence);
  const has = (key: string) => reader.has(key);
  const sections: EvidenceSection[] = [];

  const overview = {
    summary: reader.string('summary'),
    details: reader.strings('details'),
    recommendation: reader.string('recommendation'),
    warnings: reader.strings('warnings'),
  };
  if (
    overview.summary !== null ||
    overview.details.length > 0 ||
    overview.recommendation !== null ||
    overview.warnings.length > 0
  ) {
    sections.push({ kind: 'overview', ...overview });
  }
  const missing = reader.strings('missingData');
  if (missing.length > 0) sections.push({ kind: 'missing-data', items: missing });

  sections.push(...readFindings(reader, has), ...readSettings(reader, has));

  const auditBot = has('auditBot') ? reader.object('auditBot', AuditBotNote) : null;
  if (auditBot !== null) sections.push({ kind: 'audit-bot', name: auditBot.name });

  const entries = reader
    .unusedEntries()
    .map(([key, value]) => ({ key, label: humanizeKey(key), value: formatEvidenceValue(value) }));
  if (entries.length > 0) sections.push({ kind: 'other', entries });
  return sections;
}
