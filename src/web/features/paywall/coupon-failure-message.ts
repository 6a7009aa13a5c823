import { ApiError } from '../../lib/api-errors';

/**
 * The paywall form's reading of a refused coupon (part 2 §8, first reading): the description is chosen by
 * the words of the server's message, first match wins. The redeem screen reads the error code instead;
 * the server's messages carry both (COUPON_REFUSAL_MESSAGES, docs/decisions/0025).
 */
const BY_PHRASE: readonly (readonly [phrase: string, description: string])[] = [
  ['Coupon not found', 'Coupon code not found. Please check the code and try again.'],
  ['revoked', 'This coupon has been revoked and cannot be used.'],
  ['expired', 'This coupon has expired and can no longer be used.'],
  ['not valid for the specified server', 'This coupon is not valid for the selected server.'],
  ['usage limit', 'This coupon has already been used and cannot be redeemed again.'],
  ['already used', 'You have already redeemed this coupon for this server.'],
  ['Server not found', 'The selected server was not found. Please select a different server.'],
];

const FALLBACK = 'Failed to redeem coupon. Please try again.';

export const COUPON_REDEEMED_TITLE = 'Coupon Redeemed Successfully';
export const COUPON_FAILED_TITLE = 'Coupon Redemption Failed';

/** The 'Coupon Redemption Failed' description for whatever the redemption threw. */
export function couponFailureMessage(error: unknown): string {
  const text =
    error instanceof ApiError ? (error.serverMessage ?? error.message) : error instanceof Error ? error.message : '';
  return BY_PHRASE.find(([phrase]) => text.includes(phrase))?.[1] ?? FALLBACK;
}
