import { describe, expect, it } from 'vitest';
import { NO_EVIDENCE, SUMMARY_MAX_LENGTH, summariseEvidence, truncate } from './evidence-summary.js';

describe('summariseEvidence', () => {
  it('uses the engine summary, with whitespace collapsed', () => {
    expect(summariseEvidence({ summary: '  Every member can\n use  Mention Everyone. ', details: ['x'] })).toBe(
      'Every member can use Mention Everyone.',
    );
  });

  it('spells out the problems behind a bare "N problems found" summary', () => {
    expect(
      summariseEvidence({ summary: '2 problems found', details: ['#general: @everyone can post', '#rules: open'] }),
    ).toBe('2 problems found: #general: @everyone can post; #rules: open');
    expect(summariseEvidence({ summary: '2 problems found', details: [] })).toBe('2 problems found');
  });

  it('names the roles, bots, channels, members and integrations found when there is no summary', () => {
    const line = summariseEvidence({
      rolesWithCriticalPerms: [
        { name: 'Admin', permissions: '8' },
        { name: '*', permissions: '8' },
      ],
      problematicBots: [{ name: 'TuneBox' }],
      botsWithDangerousPerms: [{ name: 'TuneBox' }, { name: 'RoleBot' }],
      channels: [{ name: '#general' }],
      members: [{ displayName: 'Olivia Owner', username: 'olivia' }, { username: 'mona' }],
      integrations: [{ name: 'ModMate', type: 'discord', enabled: true }],
    });
    expect(line).toBe(
      'Roles: Admin, @everyone; Bots: TuneBox, RoleBot; Channels: #general; Members: Olivia Owner, mona; Integrations: ModMate',
    );
  });

  it('shows at most four names of a list and counts the rest', () => {
    const roles = ['A', 'B', 'C', 'D', 'E', 'F'].map((name) => ({ name, permissions: '8' }));
    expect(summariseEvidence({ rolesWithCriticalPerms: roles })).toBe('Roles: A, B, C, D (+2 more)');
  });

  it('explains an UNKNOWN check by its missing data, ahead of partial findings', () => {
    const evidence = {
      missingData: ['GUILD_MEMBERS privileged intent is off', 'Role member counts could not be read'],
      rolesWithCriticalPerms: [{ name: 'Admin', permissions: '8' }],
    };
    expect(summariseEvidence(evidence, 'UNKNOWN')).toBe(
      'Not enough data: GUILD_MEMBERS privileged intent is off; Role member counts could not be read',
    );
    expect(summariseEvidence(evidence, 'FAIL')).toBe('Roles: Admin');
    expect(summariseEvidence({ missingData: ['Bot lacks MANAGE_WEBHOOKS'] })).toBe(
      'Not enough data: Bot lacks MANAGE_WEBHOOKS',
    );
  });

  it('falls back to the first detail, then the recommendation, then a fixed text', () => {
    expect(summariseEvidence({ details: ['', 'Only detail'], recommendation: 'Do this' })).toBe('Only detail');
    expect(summariseEvidence({ recommendation: 'Do this' })).toBe('Do this');
    expect(summariseEvidence({})).toBe(NO_EVIDENCE);
    expect(summariseEvidence(null)).toBe(NO_EVIDENCE);
    expect(summariseEvidence(['not', 'an', 'object'])).toBe(NO_EVIDENCE);
  });

  it('ignores malformed items instead of failing', () => {
    expect(summariseEvidence({ channels: [42, null, { name: 7 }, { name: '#ok' }], summary: 3 })).toBe('Channels: #ok');
    expect(summariseEvidence({ members: 'everyone', missingData: 'x' })).toBe(NO_EVIDENCE);
  });

  it('keeps the line short', () => {
    const line = summariseEvidence({ summary: 'word '.repeat(100) });
    expect(line.length).toBe(SUMMARY_MAX_LENGTH);
    expect(line.endsWith('…')).toBe(true);
    expect(truncate('short', 10)).toBe('short');
  });
});
