import { describe, expect, it } from 'vitest';
import { normalizeCouponCode, RedeemCouponForm } from './coupon-code';

function firstError(couponCode: string, serverId = 's1'): string | undefined {
  const result = RedeemCouponForm.safeParse({ couponCode, serverId });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('normalizeCouponCode', () => {
  it('trims and upper-cases', () => {
    expect(normalizeCouponCode('  audit-ab12 ')).toBe('AUDIT-AB12');
  });
});

describe('RedeemCouponForm', () => {
  it('accepts a valid code and upper-cases it', () => {
    expect(RedeemCouponForm.parse({ couponCode: 'audit-1a2b3c4d', serverId: 's1' })).toEqual({
      couponCode: 'AUDIT-1A2B3C4D',
      serverId: 's1',
    });
  });

  it('words each rule as specified', () => {
    expect(firstError('')).toBe('Coupon code is required');
    expect(firstError('   ')).toBe('Coupon code is required');
    expect(firstError('abc')).toBe('Coupon code must be at least 4 characters');
    expect(firstError('A'.repeat(65))).toBe('Coupon code is too long');
    expect(firstError('AUDIT_1234')).toBe('Coupon code contains invalid characters');
    expect(firstError('AUDIT-1234', '')).toBe('Please select a server');
  });
});
