import { describe, expect, it } from 'vitest';
import { COUPON_REFUSAL_MESSAGES } from '../../../shared/commerce-rules';
import { ApiError } from '../../lib/api-errors';
import { couponFailureMessage } from './coupon-failure-message';

const refusal = (code: string, message: string, status = 409) =>
  new ApiError(status, JSON.stringify({ error: { code, message } }), 'Conflict');

describe('couponFailureMessage (the paywall form reads the words of the message)', () => {
  it.each([
    [
      'COUPON_NOT_FOUND',
      COUPON_REFUSAL_MESSAGES.COUPON_NOT_FOUND,
      'Coupon code not found. Please check the code and try again.',
    ],
    ['COUPON_REVOKED', COUPON_REFUSAL_MESSAGES.COUPON_REVOKED, 'This coupon has been revoked and cannot be used.'],
    ['COUPON_EXPIRED', COUPON_REFUSAL_MESSAGES.COUPON_EXPIRED, 'This coupon has expired and can no longer be used.'],
    [
      'COUPON_SERVER_RESTRICTED',
      COUPON_REFUSAL_MESSAGES.COUPON_SERVER_RESTRICTED,
      'This coupon is not valid for the selected server.',
    ],
    [
      'COUPON_EXHAUSTED',
      COUPON_REFUSAL_MESSAGES.COUPON_EXHAUSTED,
      'This coupon has already been used and cannot be redeemed again.',
    ],
    [
      'USER_ALREADY_REDEEMED',
      COUPON_REFUSAL_MESSAGES.USER_ALREADY_REDEEMED,
      'You have already redeemed this coupon for this server.',
    ],
    [
      'NOT_FOUND',
      COUPON_REFUSAL_MESSAGES.SERVER_NOT_FOUND,
      'The selected server was not found. Please select a different server.',
    ],
  ])('reads the server message of %s', (code, message, description) => {
    expect(couponFailureMessage(refusal(code, message))).toBe(description);
  });

  it('goes by the words, not the code', () => {
    expect(couponFailureMessage(refusal('COUPON_EXPIRED', 'Coupon not found'))).toBe(
      'Coupon code not found. Please check the code and try again.',
    );
  });

  it('reads a plain error’s text when there is no envelope', () => {
    expect(couponFailureMessage(new Error('409: usage limit reached'))).toBe(
      'This coupon has already been used and cannot be redeemed again.',
    );
    expect(couponFailureMessage(new ApiError(502, '', 'Bad Gateway'))).toBe(
      'Failed to redeem coupon. Please try again.',
    );
  });

  it('falls back for anything else', () => {
    expect(couponFailureMessage(refusal('RATE_LIMITED', 'Too many attempts', 429))).toBe(
      'Failed to redeem coupon. Please try again.',
    );
    expect(couponFailureMessage(new TypeError('Failed to fetch'))).toBe('Failed to redeem coupon. Please try again.');
    expect(couponFailureMessage('odd')).toBe('Failed to redeem coupon. Please try again.');
  });
});
