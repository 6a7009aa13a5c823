import { z } from 'zod';
import { COUPON_CODE_MAX_LENGTH, COUPON_CODE_MIN_LENGTH, normalizeCouponCode } from './coupon-code-rules.js';

export {
  COUPON_CODE_EXAMPLE,
  COUPON_CODE_MAX_LENGTH,
  COUPON_CODE_MIN_LENGTH,
  normalizeCouponCode,
} from './coupon-code-rules.js';

/** The coupon redemption form with its exact messages. */
export const RedeemCouponForm = z.object({
  couponCode: z
    .string()
    .transform(normalizeCouponCode)
    .pipe(
      z
        .string()
        .min(1, 'Coupon code is required')
        .min(COUPON_CODE_MIN_LENGTH, 'Coupon code must be at least 4 characters')
        .max(COUPON_CODE_MAX_LENGTH, 'Coupon code is too long')
        .regex(/^[A-Z0-9-]+$/, 'Coupon code contains invalid characters'),
    ),
  serverId: z.string().min(1, 'Please select a server'),
});
export type RedeemCouponFormInput = z.input<typeof RedeemCouponForm>;
export type RedeemCouponFormOutput = z.output<typeof RedeemCouponForm>;
