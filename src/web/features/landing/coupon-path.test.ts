import { describe, expect, it } from 'vitest';
import { redeemPathFor } from './coupon-path';

describe('redeemPathFor', () => {
  it('does nothing for blank input', () => {
    expect(redeemPathFor('')).toBeNull();
    expect(redeemPathFor('   ')).toBeNull();
  });

  it('trims, upper-cases and URL-encodes the code', () => {
    expect(redeemPathFor('  audit-1a2b3c4d ')).toBe('/redeem?coupon=AUDIT-1A2B3C4D');
    expect(redeemPathFor('a&b=c d')).toBe('/redeem?coupon=A%26B%3DC%20D');
  });
});
