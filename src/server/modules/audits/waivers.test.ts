import { describe, expect, it } from 'vitest';
import { type LiveWaiver, withWaiver } from './waivers.js';

const waiver = (id: string, checkId: string, expiresAt: string): LiveWaiver => ({
  id,
  checkId,
  reason: `reason ${id}`,
  expiresAt: new Date(expiresAt),
});
const LIVE = [
  waiver('a', 'AUTOMOD_ENABLED', '2027-01-01T00:00:00Z'),
  waiver('b', 'AUTOMOD_ENABLED', '2027-03-01T00:00:00Z'),
  waiver('c', 'WEBHOOK_SECURITY', '2027-02-01T00:00:00Z'),
];

describe('withWaiver', () => {
  it('waives a failed check under the waiver that lasts longest', () => {
    expect(withWaiver({ checkId: 'AUTOMOD_ENABLED', status: 'FAIL' }, LIVE)).toEqual({
      status: 'WAIVED',
      waiveReason: 'reason b',
      waiverId: 'b',
      waiverExpiresAt: new Date('2027-03-01T00:00:00Z'),
    });
  });
  it.each(['PASS', 'UNKNOWN'] as const)('leaves a %s check as the engine found it', (status) => {
    expect(withWaiver({ checkId: 'AUTOMOD_ENABLED', status }, LIVE)).toEqual({
      status,
      waiveReason: null,
      waiverId: null,
      waiverExpiresAt: null,
    });
  });
  it('leaves a failed check without a waiver failed', () => {
    expect(withWaiver({ checkId: 'MFA_MODERATION', status: 'FAIL' }, LIVE).status).toBe('FAIL');
    expect(withWaiver({ checkId: 'AUTOMOD_ENABLED', status: 'FAIL' }, []).status).toBe('FAIL');
  });
});
