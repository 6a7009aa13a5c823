import { describe, expect, it } from 'vitest';
import {
  coinsForUsd,
  displayToBase,
  formatUnits,
  minimumAccepted,
  parseDecimal,
  priceAsFraction,
  uniqueDisplayUnits,
} from './amounts.js';
import { oneMonthAfter } from './view.js';

describe('parseDecimal', () => {
  it.each([
    ['0.0166', 18, 16_600_000_000_000_000n],
    ['1', 9, 1_000_000_000n],
    ['50.01', 6, 50_010_000n],
    ['0.000000000000000001', 18, 1n],
    ['123456789.123456789', 9, 123_456_789_123_456_789n],
  ])('%s with %i decimals is %s base units', (text, decimals, units) => {
    expect(parseDecimal(text, decimals)).toBe(units);
  });

  it('refuses more decimals than the asset has, signs, exponents and empty strings', () => {
    for (const text of ['0.1234567', '-1', '1e-6', '', '.5', '1.']) expect(() => parseDecimal(text, 6), text).toThrow();
  });
});

describe('formatUnits', () => {
  it('writes base units back as the decimal shown, truncating beyond the shown decimals', () => {
    expect(formatUnits(16_600_000_000_000_000n, 18, 6)).toBe('0.016600');
    expect(formatUnits(5001n, 2)).toBe('50.01');
    expect(formatUnits(7n, 3)).toBe('0.007');
    expect(formatUnits(12n, 0)).toBe('12');
  });
});

describe('coinsForUsd (rounded up, never a float)', () => {
  it.each([
    // 50 / 3012.45 = 0.01659778…
    [5_000, '3012.45', 6, 16_598n],
    [5_000, '3012.45', 4, 166n],
    // 50 / 151.2 = 0.330687…
    [5_000, '151.2', 3, 331n],
    [5_000, '151.2', 2, 34n],
    // Exact divisions are not rounded up.
    [5_000, '2000', 6, 25_000n],
    [35_000, '1', 2, 35_000n],
    // A price with many decimals: 50 / 0.000012345678 = 4050000.036…
    [5_000, '0.000012345678', 0, 4_050_001n],
  ])('%i cents at %s USD with %i decimals → %s', (cents, price, decimals, expected) => {
    expect(coinsForUsd(cents, price, decimals)).toBe(expected);
  });

  it('0.1 + 0.2 style float errors cannot enter: the price is read as an exact fraction', () => {
    expect(priceAsFraction('0.3')).toEqual({ numerator: 3n, scale: 1 });
    // 50 / 0.3 = 166.666… → 166.67
    expect(coinsForUsd(5_000, '0.3', 2)).toBe(16_667n);
  });

  it('refuses a price of zero or a price that is not a decimal', () => {
    expect(() => coinsForUsd(5_000, '0', 2)).toThrow();
    expect(() => coinsForUsd(5_000, '1e3', 2)).toThrow();
  });
});

describe('uniqueDisplayUnits', () => {
  it('adds the smallest offset not held by another open quote, never zero', () => {
    expect(uniqueDisplayUnits(100n, new Set())).toBe(101n);
    expect(uniqueDisplayUnits(100n, new Set([101n, 102n, 104n]))).toBe(103n);
    expect(uniqueDisplayUnits(100n, new Set([100n]))).toBe(101n);
  });

  it('gives up after 99 offsets', () => {
    const taken = new Set(Array.from({ length: 99 }, (_, index) => 101n + BigInt(index)));
    expect(uniqueDisplayUnits(100n, taken)).toBeNull();
  });
});

describe('displayToBase and minimumAccepted', () => {
  it('converts display units to base units by powers of ten', () => {
    expect(displayToBase(16_599n, 6, 18)).toBe(16_599_000_000_000_000n);
    expect(displayToBase(331n, 3, 9)).toBe(331_000_000n);
    expect(displayToBase(5001n, 2, 6)).toBe(50_010_000n);
  });

  it('allows an underpay of the tolerance in basis points, and none at 0', () => {
    expect(minimumAccepted(1_000_000n, 50)).toBe(995_000n);
    expect(minimumAccepted(1_000_000n, 0)).toBe(1_000_000n);
  });
});

describe('oneMonthAfter', () => {
  it('keeps the day of the month, or the last day of a shorter month', () => {
    expect(oneMonthAfter(new Date('2026-11-24T10:00:00Z')).toISOString()).toBe('2026-12-24T10:00:00.000Z');
    expect(oneMonthAfter(new Date('2026-01-31T00:00:00Z')).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(oneMonthAfter(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});
