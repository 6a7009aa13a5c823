import { normalizeCouponCode } from '../../../shared/coupon-code-rules';

/** Where the landing coupon box sends the user, or null when there is nothing to redeem. */
export function redeemPathFor(rawCode: string): string | null {
  const code = normalizeCouponCode(rawCode);
  return code === '' ? null : `/redeem?coupon=${encodeURIComponent(code)}`;
}
