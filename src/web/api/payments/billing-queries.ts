import { queryOptions, useQuery } from '@tanstack/react-query';
import { pathOf } from '../../../shared/contracts/endpoint';
import { downloadPaymentReceipt, listPayments, listUserCryptoSubscriptions } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';
import { billingKeys } from './billing-keys';

/*
 * Payments complete by webhooks and chain confirmations, away from this page, so what it shows is asked
 * again each time the page is opened rather than kept for the app's usual ten minutes.
 */
const ALWAYS_STALE = 0;

export const listPaymentsOptions = () =>
  queryOptions({ queryKey: billingKeys.payments, queryFn: () => callEndpoint(listPayments), staleTime: ALWAYS_STALE });

export const listCryptoSubscriptionsOptions = () =>
  queryOptions({
    queryKey: billingKeys.cryptoSubscriptions,
    queryFn: () => callEndpoint(listUserCryptoSubscriptions),
    staleTime: ALWAYS_STALE,
  });

export function usePayments() {
  return useQuery(listPaymentsOptions());
}

export function useCryptoSubscriptions() {
  return useQuery(listCryptoSubscriptionsOptions());
}

/** The receipt is a same-origin GET the browser opens itself, with the session cookie. */
export function receiptUrl(paymentId: string): string {
  return pathOf(downloadPaymentReceipt.path, { id: paymentId });
}
