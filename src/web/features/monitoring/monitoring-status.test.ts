import { describe, expect, it } from 'vitest';
import { monitoringStatus } from './monitoring-status';

const BASE = {
  eligibility: { subscription: true, staff: false },
  pausedReason: null,
  active: true,
  cadence: 'weekly',
  nextRunAt: '2026-12-01T10:00:00.000Z',
} as const;

describe('monitoringStatus', () => {
  it('is active with its cadence and next run while the scheduler acts on it', () => {
    expect(monitoringStatus(BASE)).toEqual({
      kind: 'active',
      cadenceLabel: 'Weekly',
      nextRunAt: '2026-12-01T10:00:00.000Z',
    });
    expect(monitoringStatus({ ...BASE, cadence: 'daily' })).toMatchObject({ cadenceLabel: 'Daily' });
  });

  it('is off when eligible but switched off', () => {
    expect(monitoringStatus({ ...BASE, active: false, nextRunAt: null })).toEqual({ kind: 'off' });
  });

  it('is eligible through staff alone', () => {
    expect(monitoringStatus({ ...BASE, eligibility: { subscription: false, staff: true } }).kind).toBe('active');
  });

  it('is paused when the bot left, whatever the switch says', () => {
    expect(monitoringStatus({ ...BASE, active: false, pausedReason: 'bot_left' })).toEqual({ kind: 'paused' });
  });

  it('needs a subscription or staff before anything else', () => {
    const neither = { subscription: false, staff: false };
    expect(monitoringStatus({ ...BASE, eligibility: neither, pausedReason: 'bot_left' })).toEqual({
      kind: 'not-eligible',
    });
  });
});
