import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-errors';
import {
  VERIFICATION_ERROR,
  VERIFICATION_FAILED,
  creationFailureMessage,
  verificationFailure,
  verificationOutcome,
} from './crypto-messages';

const envelope = (status: number, code: string, message: string) =>
  new ApiError(status, JSON.stringify({ error: { code, message } }), '');

describe('verificationOutcome', () => {
  it('tells verified, pending and rejected apart', () => {
    expect(verificationOutcome({ verified: true, pending: false })).toBe('verified');
    expect(verificationOutcome({ verified: false, pending: true })).toBe('pending');
    expect(verificationOutcome({ verified: false, pending: false })).toBe('rejected');
  });
});

describe('verificationFailure', () => {
  it('is Verification Failed with the server’s reason when the check refused the hash', () => {
    expect(verificationFailure(envelope(409, 'CONFLICT', 'This transaction has already been used'))).toEqual({
      toast: VERIFICATION_FAILED,
      reason: 'This transaction has already been used',
    });
    expect(verificationFailure(envelope(400, 'BAD_REQUEST', 'The amount does not match the quote')).toast).toBe(
      VERIFICATION_FAILED,
    );
    expect(VERIFICATION_FAILED.description).toBe(
      'Could not verify the transaction. Please check the hash and try again.',
    );
  });

  it('is Verification Error when the network or the server failed', () => {
    expect(verificationFailure(envelope(502, 'UPSTREAM_UNAVAILABLE', 'RPC unreachable'))).toEqual({
      toast: VERIFICATION_ERROR,
      reason: null,
    });
    expect(verificationFailure(new TypeError('Failed to fetch'))).toEqual({ toast: VERIFICATION_ERROR, reason: null });
  });
});

describe('creationFailureMessage', () => {
  it('shows the server’s words for a refusal, the standard sentence otherwise', () => {
    expect(creationFailureMessage(envelope(403, 'FORBIDDEN', 'You may not manage this server'))).toBe(
      'You may not manage this server',
    );
    const standard = 'The subscription could not be created. Please try again in a moment.';
    expect(creationFailureMessage(envelope(502, 'UPSTREAM_UNAVAILABLE', 'Price feed down'))).toBe(standard);
    expect(creationFailureMessage(new ApiError(400, '', 'Bad Request'))).toBe(standard);
    expect(creationFailureMessage(new TypeError('Failed to fetch'))).toBe(standard);
  });
});
