import { z } from 'zod';
import { COUPON_CODE_MAX_LENGTH, COUPON_CODE_MIN_LENGTH, normalizeCouponCode } from '../coupon-code.js';
import { endpoint } from './endpoint.js';
import { ErrorCode } from './errors.js';

/** POST /api/coupons/redeem. */
export const RedeemCouponRequest = z.object({
  couponCode: z
    .string()
    .transform(normalizeCouponCode)
    .pipe(
      z
        .string()
        .min(COUPON_CODE_MIN_LENGTH)
        .max(COUPON_CODE_MAX_LENGTH)
        .regex(/^[A-Z0-9-]+$/),
    ),
  serverId: z.string().min(1),
});
export type RedeemCouponRequest = z.input<typeof RedeemCouponRequest>;

/** The audit may not exist yet when the answer is sent; the screen then says 'Starting...'. */
export const RedeemCouponResponse = z.object({
  redemptionId: z.string().nullable().optional(),
  auditId: z.string().nullable().optional(),
});
export type RedeemCouponResponse = z.infer<typeof RedeemCouponResponse>;

/** Error codes the redeem endpoint answers with; the redeem screen shows one message per code. */
export const CouponErrorCode = ErrorCode.extract([
  'COUPON_NOT_FOUND',
  'COUPON_REVOKED',
  'COUPON_EXPIRED',
  'COUPON_SERVER_RESTRICTED',
  'COUPON_EXHAUSTED',
  'USER_ALREADY_REDEEMED',
]);
export type CouponErrorCode = z.infer<typeof CouponErrorCode>;

export const redeemCoupon = endpoint({
  name: 'redeemCoupon',
  method: 'POST',
  path: '/api/coupons/redeem',
  access: 'user',
  summary: "Redeem a coupon on one of the caller's servers and start its audit.",
  body: RedeemCouponRequest,
  response: RedeemCouponResponse,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', ...CouponErrorCode.options],
});
