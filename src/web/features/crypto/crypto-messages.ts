import type { PayCryptoSubscriptionResponse } from '../../../shared/contracts/crypto-subscriptions';
import { ApiError } from '../../lib/api-errors';

export const HASH_REQUIRED = {
  title: 'Transaction Hash Required',
  description: 'Please enter the transaction hash to verify payment',
} as const;

export const VERIFICATION_FAILED = {
  title: 'Verification Failed',
  description: 'Could not verify the transaction. Please check the hash and try again.',
} as const;

export const VERIFICATION_ERROR = {
  title: 'Verification Error',
  description: 'The payment could not be checked right now. Please try again in a moment.',
} as const;

export type VerificationOutcome = 'verified' | 'pending' | 'rejected';

/** A pending answer is a real transaction still short of its confirmations: not a refusal. */
export function verificationOutcome(
  answer: Pick<PayCryptoSubscriptionResponse, 'verified' | 'pending'>,
): VerificationOutcome {
  if (answer.verified) return 'verified';
  return answer.pending ? 'pending' : 'rejected';
}

/**
 * Which toast a failed verification call gets: a 4xx means the chain check refused this hash ('Verification
 * Failed', with the server's reason beside it); the network or a 5xx means nobody could check it yet.
 */
export function verificationFailure(error: unknown): {
  toast: typeof VERIFICATION_FAILED | typeof VERIFICATION_ERROR;
  reason: string | null;
} {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return { toast: VERIFICATION_FAILED, reason: error.serverMessage };
  }
  return { toast: VERIFICATION_ERROR, reason: null };
}

const CREATION_FALLBACK = 'The subscription could not be created. Please try again in a moment.';

/** The 'Failed to Create Subscription' description: the server's words for a refusal, else the standard sentence. */
export function creationFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverMessage !== null) {
    return error.serverMessage;
  }
  return CREATION_FALLBACK;
}
