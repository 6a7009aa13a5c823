import { describe, expect, it } from 'vitest';
import { CHECK_IDS } from '../../../../shared/audit-contract';
import { FIX_GUIDES, fixGuideFor, GENERIC_FIX_STEPS, TOPIC_BY_CHECK } from './fix-guides';

describe('fix guides', () => {
  it('cover the fifteen named topics', () => {
    expect(Object.keys(FIX_GUIDES)).toEqual([
      'Two-Factor Authentication',
      'Bot Permissions',
      'Cold Super User',
      'Role Hierarchy',
      'Channel Permissions',
      'Verification Level',
      'Content Filter',
      'Default Permissions',
      'Audit Logs',
      'Member Screening',
      'Webhook Security',
      'Invite Settings',
      'Voice Channel Security',
      'External Applications',
      'Server Discovery',
    ]);
    for (const steps of Object.values(FIX_GUIDES)) expect(steps.length).toBeGreaterThanOrEqual(4);
  });

  it('map only real check ids', () => {
    for (const id of TOPIC_BY_CHECK.keys()) expect(CHECK_IDS).toContain(id);
  });

  it('find a guide by check id', () => {
    expect(
      fixGuideFor({ checkId: 'MFA_MODERATION', checkName: 'Two-Factor Authentication for Moderation' }).topic,
    ).toBe('Two-Factor Authentication');
    expect(fixGuideFor({ checkId: 'STAGE_FORUM_CHANNELS', checkName: 'Stage & Forum Channel Security' }).topic).toBe(
      'Voice Channel Security',
    );
  });

  it('find a guide by a topic named in the check name', () => {
    expect(fixGuideFor({ checkId: 'INVITE_SETTINGS', checkName: 'Invite Settings' }).topic).toBe('Invite Settings');
    expect(fixGuideFor({ checkId: 'DISCOVERY', checkName: 'Server discovery readiness' }).topic).toBe(
      'Server Discovery',
    );
  });

  it('fall back to five generic steps', () => {
    const guide = fixGuideFor({ checkId: 'BACKUP_STRATEGY_VERIFICATION', checkName: 'Backup & Recovery Strategy' });
    expect(guide).toEqual({ topic: null, steps: GENERIC_FIX_STEPS });
    expect(GENERIC_FIX_STEPS).toHaveLength(5);
  });
});
