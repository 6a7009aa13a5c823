import { useMutation } from '@tanstack/react-query';
import type { CheckoutRequest } from '../../../shared/contracts/payments';
import { createCryptoInvoice, createStripeCheckout } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';

/**
 * Card checkout: the server writes an order priced from its own list and answers Stripe's hosted page.
 * Never retried: a second call after a lost answer would open a second order.
 */
export function useStripeCheckout() {
  return useMutation({
    mutationFn: (request: CheckoutRequest) => callEndpoint(createStripeCheckout, { body: request }),
    retry: false,
  });
}

/** Crypto checkout: an order and a NOWPayments hosted invoice, whose page the browser opens in a new tab. */
export function useCryptoInvoice() {
  return useMutation({
    mutationFn: (request: CheckoutRequest) => callEndpoint(createCryptoInvoice, { body: request }),
    retry: false,
  });
}
