import type { CheckoutPlan } from '../../../shared/commerce-rules';
import type { CheckoutRequest } from '../../../shared/contracts/payments';
import { ApiError } from '../../lib/api-errors';

export const MISSING_CHECKOUT_INFORMATION = {
  title: 'Missing Information',
  description: 'Please select a plan and Discord server',
} as const;

export const POPUP_BLOCKED = { title: 'Popup Blocked', description: 'Please allow popups and try again.' } as const;

/** What a checkout sends, or null while the plan or the server is still missing (part 2 §5). */
export function checkoutRequest(plan: CheckoutPlan | null, serverId: string): CheckoutRequest | null {
  return plan === null || serverId === '' ? null : { plan, serverId };
}

const PAYMENT_ERROR_FALLBACK = 'The checkout could not be started. Please try again in a moment.';

/**
 * The 'Payment Error' toast's description: the server's own words for a refusal about this request
 * (a server that is not yours or not found), the standard sentence when the provider or the network failed.
 */
export function paymentErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.serverMessage ?? PAYMENT_ERROR_FALLBACK;
  }
  return PAYMENT_ERROR_FALLBACK;
}

/** The provider's page the browser is sent to must be a web address; anything else is treated as a failure. */
export function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
