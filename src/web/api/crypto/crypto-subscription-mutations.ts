import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CryptoCurrency } from '../../../shared/commerce-rules';
import { createCryptoSubscription, payCryptoSubscription } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';
import { entitlementKeys } from '../entitlements/entitlements';
import { cryptoSubscriptionKeys } from './crypto-quote';

export interface NewCryptoSubscription {
  currency: CryptoCurrency;
  usdAmount: number;
  serverId: string;
}

/** Opens a subscription with a quote to pay. Never retried: a second call would open a second subscription. */
export function useCreateCryptoSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: NewCryptoSubscription) => callEndpoint(createCryptoSubscription, { body: request }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cryptoSubscriptionKeys.all }),
  });
}

/**
 * Submits a transaction hash for the chain check. Not retried automatically: a pending answer is retried by
 * the person, once the transaction has its confirmations.
 */
export function usePayCryptoSubscription(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionHash: string) =>
      callEndpoint(payCryptoSubscription, { params: { id: subscriptionId }, body: { transactionHash } }),
    retry: false,
    onSuccess: (answer) =>
      answer.verified
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: cryptoSubscriptionKeys.all }),
            queryClient.invalidateQueries({ queryKey: entitlementKeys.mine }),
          ])
        : undefined,
  });
}
