import { describe, expect, it } from 'vitest';
import { activeEngagementCount, completionRatePercent, formatDollars, revenueUsd } from './commerce-figures';

describe('revenueUsd', () => {
  it('sums amountUsd over paid entitlements only', () => {
    expect(
      revenueUsd([
        { paid: true, amountUsd: 350 },
        { paid: false, amountUsd: 999 },
        { paid: true, amountUsd: 1000 },
      ]),
    ).toBe(1350);
  });

  it('adds cents exactly and is 0 for none', () => {
    expect(
      revenueUsd([
        { paid: true, amountUsd: 0.1 },
        { paid: true, amountUsd: 0.2 },
      ]),
    ).toBe(0.3);
    expect(revenueUsd([])).toBe(0);
  });
});

describe('activeEngagementCount', () => {
  it('counts engagements neither COMPLETED nor CANCELLED', () => {
    const statuses = ['NEW', 'IN_PROGRESS', 'COMPLETED', 'ON_HOLD', 'CANCELLED'] as const;
    expect(activeEngagementCount(statuses.map((status) => ({ status })))).toBe(3);
    expect(activeEngagementCount([])).toBe(0);
  });
});

describe('completionRatePercent', () => {
  it('is the rounded percentage of COMPLETED over all', () => {
    expect(completionRatePercent([{ status: 'COMPLETED' }, { status: 'NEW' }, { status: 'CANCELLED' }])).toBe(33);
    expect(completionRatePercent([{ status: 'COMPLETED' }, { status: 'COMPLETED' }, { status: 'NEW' }])).toBe(67);
    expect(completionRatePercent([{ status: 'COMPLETED' }])).toBe(100);
  });

  it('is null when there are no engagements', () => {
    expect(completionRatePercent([])).toBeNull();
  });
});

describe('display helpers', () => {
  it('writes dollars with cents', () => {
    expect(formatDollars(1350)).toBe('$1,350.00');
  });
});
