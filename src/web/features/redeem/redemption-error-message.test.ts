import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-errors';
import { redemptionErrorMessage } from './redemption-error-message';

const apiError = (code: string, message = 'x') =>
  new ApiError(409, JSON.stringify({ error: { code, message } }), 'Conflict');

describe('redemptionErrorMessage', () => {
  it.each([
    ['COUPON_NOT_FOUND', 'Coupon code not found. Please check the code and try again.'],
    ['COUPON_REVOKED', 'This coupon has been revoked and cannot be used.'],
    ['COUPON_EXPIRED', 'This coupon has expired and can no longer be used.'],
    ['COUPON_SERVER_RESTRICTED', 'This coupon is restricted to a specific server. Please check with the provider.'],
    ['COUPON_EXHAUSTED', 'This coupon has already been used and cannot be redeemed again.'],
    ['USER_ALREADY_REDEEMED', 'You have already redeemed this coupon on this server.'],
  ])('maps %s', (code, message) => {
    expect(redemptionErrorMessage(apiError(code))).toBe(message);
  });

  it('recognises "Server not found" in the text', () => {
    expect(redemptionErrorMessage(apiError('NOT_FOUND', 'Server not found'))).toBe(
      'The selected server was not found. Please select a different server.',
    );
  });

  it('falls back for anything else', () => {
    expect(redemptionErrorMessage(apiError('INTERNAL'))).toBe('Failed to redeem coupon. Please try again.');
    expect(redemptionErrorMessage('weird')).toBe('Failed to redeem coupon. Please try again.');
  });
});
