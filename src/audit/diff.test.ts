import { describe, expect, it } from 'vitest';
import { diffAudits, type DiffableCheck, firstAuditDiff, namedFindings } from './diff.js';

const side = (id: string, riskScore: number) => ({
  id,
  trigger: 'manual' as const,
  completedAt: '2026-11-01T00:00:00.000Z',
  riskScore,
});
const sides = { audit: side('new', 70), against: side('old', 82) };

function check(checkId: DiffableCheck['checkId'], status: DiffableCheck['status'], evidence: unknown): DiffableCheck {
  return { checkId, checkName: checkId, severity: 'HIGH', status, evidence };
}

describe('namedFindings', () => {
  it('names roles, channels, bots (once across both bot lists), members, integrations and webhooks with their channel', () => {
    expect(
      namedFindings({
        rolesWithCriticalPerms: [{ name: 'Admin', permissions: '8' }],
        channels: [{ name: '#general' }],
        botsWithDangerousPerms: [{ name: 'Mee6' }],
        problematicBots: [{ name: 'Mee6' }],
        members: [
          { displayName: 'Ann', roles: [] },
          { username: 'bob', roles: [] },
        ],
        integrations: [{ name: 'Twitch' }],
        webhooks: [
          { name: 'Announcer', channel: '#news' },
          { name: 'Nowhere', channel: null },
        ],
        details: ['ignored when items are named'],
      }),
    ).toEqual([
      { kind: 'role', label: 'Admin' },
      { kind: 'channel', label: '#general' },
      { kind: 'bot', label: 'Mee6' },
      { kind: 'member', label: 'Ann' },
      { kind: 'member', label: 'bob' },
      { kind: 'integration', label: 'Twitch' },
      { kind: 'webhook', label: 'Announcer in #news' },
      { kind: 'webhook', label: 'Nowhere' },
    ]);
  });

  it('reads nothing from evidence that is not an object or whose items have no name', () => {
    expect(namedFindings(null)).toEqual([]);
    expect(namedFindings({ channels: [{ type: 'text' }], members: 'x' })).toEqual([]);
  });
});

describe('diffAudits', () => {
  it('sorts each check into one list and lists the findings that appeared and disappeared', () => {
    const before = [
      check('PRIVILEGED_PERMISSIONS', 'PASS', { rolesWithCriticalPerms: [{ name: 'Mods' }] }),
      check('WEBHOOK_SECURITY', 'FAIL', { webhooks: [{ name: 'Hook', channel: '#general' }] }),
      check('CHANNEL_HARDENING', 'FAIL', { channels: [{ name: '#a' }] }),
      check('AUTOMOD_ENABLED', 'PASS', {}),
      check('VERIFICATION_LEVEL', 'PASS', { details: ['Level is Medium'] }),
    ];
    const after = [
      check('PRIVILEGED_PERMISSIONS', 'FAIL', { rolesWithCriticalPerms: [{ name: 'Mods' }, { name: 'Root' }] }),
      check('WEBHOOK_SECURITY', 'PASS', { webhooks: [] }),
      check('CHANNEL_HARDENING', 'FAIL', { channels: [{ name: '#a' }, { name: '#b' }] }),
      check('AUTOMOD_ENABLED', 'UNKNOWN', {}),
      check('VERIFICATION_LEVEL', 'FAIL', { details: ['Level is Low'] }),
      check('MFA_MODERATION', 'PASS', {}),
    ];
    const diff = diffAudits(sides, after, before);
    const ids = (list: { checkId: string }[]) => list.map((change) => change.checkId);
    expect(ids(diff.checks.newFailures)).toEqual(['PRIVILEGED_PERMISSIONS', 'VERIFICATION_LEVEL']);
    expect(ids(diff.checks.fixed)).toEqual(['WEBHOOK_SECURITY']);
    expect(ids(diff.checks.regressed)).toEqual(['CHANNEL_HARDENING', 'AUTOMOD_ENABLED']);
    expect(ids(diff.checks.unchanged)).toEqual(['MFA_MODERATION']);
    expect(diff.checks.unchanged[0]?.before).toBeNull();
    expect(diff.findings.appeared).toEqual([
      { kind: 'role', label: 'Root', checkId: 'PRIVILEGED_PERMISSIONS' },
      { kind: 'channel', label: '#b', checkId: 'CHANNEL_HARDENING' },
      { kind: 'detail', label: 'Level is Low', checkId: 'VERIFICATION_LEVEL' },
    ]);
    expect(diff.findings.disappeared).toEqual([
      { kind: 'webhook', label: 'Hook in #general', checkId: 'WEBHOOK_SECURITY' },
      { kind: 'detail', label: 'Level is Medium', checkId: 'VERIFICATION_LEVEL' },
    ]);
    expect(diff.scoreChange).toBe(-12);
  });

  it('answers an empty difference with no score change for a first audit', () => {
    const diff = firstAuditDiff(sides.audit);
    expect(diff.against).toBeNull();
    expect(diff.scoreChange).toBeNull();
    expect(Object.values(diff.checks).flat()).toEqual([]);
  });
});
