import { CouponErrorCode } from '../../../shared/contracts/coupons';
import { ApiError } from '../../lib/api-errors';

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

/** 'Redemption Failed': one message per coupon error code, else by the server's wording. */
export function redemptionErrorMessage(error: unknown): string {
  const coupon = CouponErrorCode.safeParse(error instanceof ApiError ? error.code : null);
  if (coupon.success) return BY_CODE[coupon.data];
  const text = error instanceof Error ? error.message : String(error);
  return text.includes('Server not found') ? SERVER_NOT_FOUND : FALLBACK;
}
