import type { CouponErrorCode } from '../../../shared/contracts/coupons';

const BY_CODE: Record<CouponErrorCode, string> = {
  COUPON_NOT_FOUND: 'Coupon code not found. Please check the code and try again.',
  COUPON_REVOKED: 'This coupon has been revoked and cannot be used.',
  COUPON_EXPIRED: 'This coupon has expired and can no longer be used.',
  COUPON_SERVER_RESTRICTED: 'This coupon is restricted to a specific server. Please check with the provider.',
  COUPON_EXHAUSTED: 'This coupon has already been used and cannot be redeemed again.',
  USER_ALREADY_REDEEMED: 'You have already redeemed this coupon on this server.',
};

const SERVER_NOT_FOUND = 'The selected server was not found. Please select a different server.';
const FALLBACK = 'Failed to redeem coupon. Please try again.';

/** Spec part 1 §8, 'Redemption Failed': chosen by the error code found anywhere in the error text. */
export function redemptionErrorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const match = Object.entries(BY_CODE).find(([code]) => text.includes(code));
  if (match !== undefined) return match[1];
  return text.includes('Server not found') ? SERVER_NOT_FOUND : FALLBACK;
}
