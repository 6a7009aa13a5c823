import { z } from 'zod';

/** Coupon codes are 4 to 64 characters, e.g. AUDIT-1A2B3C4D. */
export const COUPON_CODE_MIN_LENGTH = 4;
export const COUPON_CODE_MAX_LENGTH = 64;
export const COUPON_CODE_EXAMPLE = 'AUDIT-XXXXXXXX';

/** Codes are not case-sensitive; everyone compares and stores them trimmed and upper-cased. */
export function normalizeCouponCode(raw: string): string {
  return raw.trim().toUpperCase();
}

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
