/** Coupon codes are 4 to 64 characters, e.g. AUDIT-1A2B3C4D. */
export const COUPON_CODE_MIN_LENGTH = 4;
export const COUPON_CODE_MAX_LENGTH = 64;
export const COUPON_CODE_EXAMPLE = 'AUDIT-XXXXXXXX';

/** Codes are not case-sensitive; everyone compares and stores them trimmed and upper-cased. */
export function normalizeCouponCode(raw: string): string {
  return raw.trim().toUpperCase();
}
