import { describe, expect, it } from 'vitest';
import { evidenceSections, formatEvidenceValue, humanizeKey, type EvidenceKind } from './evidence-sections';

const kinds = (evidence: Record<string, unknown> | null) =>
  evidenceSections(evidence).map((section): EvidenceKind => section.kind);

describe('evidenceSections', () => {
  it('has no sections without evidence', () => {
    expect(evidenceSections(null)).toEqual([]);
    expect(evidenceSections({})).toEqual([]);
  });

  it('reads the summary, details and recommendation form', () => {
    const [overview] = evidenceSections({ summary: 'Two problems', details: ['a', 'b'], recommendation: 'Fix them' });
    expect(overview).toEqual({
      kind: 'overview',
      summary: 'Two problems',
      details: ['a', 'b'],
      recommendation: 'Fix them',
      warnings: [],
    });
  });

  it('detects role findings and drops malformed items', () => {
    const [roles] = evidenceSections({ rolesWithCriticalPerms: [{ name: '*', permissions: '8' }, { name: 42 }] });
    expect(roles).toEqual({ kind: 'roles', roles: [{ name: '*', permissions: '8' }] });
  });

  it('detects problematic bots with their totals', () => {
    const bots = evidenceSections({
      problematicBots: [
        { name: 'Shady', problem: 'Admin', dangerousPermissions: ['Administrator'], solution: 'Remove it' },
      ],
      totalBots: 3,
      criticalCount: 1,
    });
    expect(bots).toEqual([
      {
        kind: 'bots',
        title: 'Problematic bots',
        bots: [{ name: 'Shady', problem: 'Admin', dangerousPermissions: ['Administrator'], solution: 'Remove it' }],
        totalBots: 3,
        criticalCount: 1,
      },
    ]);
  });

  it('shows the first five channels and the first three members', () => {
    const channels = Array.from({ length: 7 }, (_, index) => ({ name: `#c${index}`, type: 'text', permissions: '16' }));
    const members = Array.from({ length: 4 }, (_, index) => ({ username: `u${index}`, roles: [] }));
    const sections = evidenceSections({
      channels,
      vulnerableChannels: 7,
      publicChannels: 9,
      members,
      membersWithElevatedPerms: 4,
      totalMembers: 120,
    });
    expect(sections[0]).toMatchObject({ kind: 'channels', total: 7, publicChannels: 9, vulnerableChannels: 7 });
    expect(sections[0]?.kind === 'channels' && sections[0].shown).toHaveLength(5);
    expect(sections[1]).toMatchObject({ kind: 'members', total: 4, membersWithElevatedPerms: 4, totalMembers: 120 });
    expect(sections[1]?.kind === 'members' && sections[1].shown).toHaveLength(3);
  });

  it('detects integrations, owner, verification, 2FA and AutoMod settings', () => {
    expect(
      kinds({ integrations: [{ name: 'Hook', type: 'webhook', enabled: true }], suspiciousIntegrations: 0 }),
    ).toEqual(['integrations']);
    expect(evidenceSections({ ownerId: '123', verified: false })).toEqual([
      { kind: 'owner', ownerId: '123', verified: false },
    ]);
    expect(
      evidenceSections({
        verificationLevel: 3,
        verificationLabel: 'High',
        hasWelcomeScreen: true,
        hasRulesChannel: false,
        passedFeatures: 4,
        totalFeatures: 6,
      }),
    ).toEqual([
      {
        kind: 'verification',
        level: 3,
        label: 'High',
        meetsCheck: true,
        note: null,
        hasWelcomeScreen: true,
        hasRulesChannel: false,
        passedFeatures: 4,
        totalFeatures: 6,
      },
    ]);
    expect(evidenceSections({ mfaRequired: false, mfaLevel: 0 })).toEqual([
      { kind: 'mfa', mfaRequired: false, mfaLevel: 0 },
    ]);
    expect(evidenceSections({ automodEnabled: true, activeRules: 2, totalRules: 3 })).toEqual([
      { kind: 'automod', automodEnabled: true, activeRules: 2, totalRules: 3 },
    ]);
  });

  it('rates the verification level by the check’s own rule (Medium or higher passes), never contradicting it', () => {
    const at = (level: number) => evidenceSections({ verificationLevel: level })[0];
    expect(at(0)).toMatchObject({
      label: 'None',
      meetsCheck: false,
      note: 'below Medium: raise it to Medium or higher',
    });
    expect(at(1)).toMatchObject({
      label: 'Low',
      meetsCheck: false,
      note: 'below Medium: raise it to Medium or higher',
    });
    expect(at(2)).toMatchObject({
      label: 'Medium',
      meetsCheck: true,
      note: 'meets the check; High suits public servers',
    });
    expect(at(4)).toMatchObject({ label: 'Highest', meetsCheck: true, note: null });
  });

  it('lists why a check is UNKNOWN and notes the excluded audit bot', () => {
    expect(
      kinds({
        summary: 'Not enough data',
        missingData: ['Bot lacks MANAGE_GUILD'],
        auditBot: { name: 'Rampart', excluded: true },
      }),
    ).toEqual(['overview', 'missing-data', 'audit-bot']);
  });

  it('lists the remaining keys generically, skipping error, timestamp and raw', () => {
    const sections = evidenceSections({
      summary: 's',
      explicitContentFilter: 0,
      error: 'x',
      timestamp: 'y',
      raw: {},
      roleOrder: ['Admin', 'Mod'],
    });
    expect(sections.at(-1)).toEqual({
      kind: 'other',
      entries: [
        { key: 'explicitContentFilter', label: 'Explicit content filter', value: '0' },
        { key: 'roleOrder', label: 'Role order', value: 'Admin, Mod' },
      ],
    });
  });
});

describe('formatEvidenceValue', () => {
  it('cuts values at 100 characters', () => {
    const value = formatEvidenceValue('x'.repeat(150));
    expect(value).toHaveLength(100);
    expect(value.endsWith('…')).toBe(true);
    expect(formatEvidenceValue('x'.repeat(100))).toHaveLength(100);
  });

  it('names objects, joins lists and spells out booleans and nulls', () => {
    expect(formatEvidenceValue([{ name: 'Release notes', type: 'incoming' }, 'plain'])).toBe('Release notes, plain');
    expect(formatEvidenceValue([])).toBe('None');
    expect(formatEvidenceValue(true)).toBe('Yes');
    expect(formatEvidenceValue(null)).toBe('Unknown');
    expect(formatEvidenceValue({ a: 1 })).toBe('{"a":1}');
  });
});

describe('labels', () => {
  it('humanizes keys', () => {
    expect(humanizeKey('membersBypassingVerification')).toBe('Members bypassing verification');
    expect(humanizeKey('audit_log_window')).toBe('Audit log window');
  });
});
