import { queryOptions, useQuery } from '@tanstack/react-query';
import { MONITORING_USD } from '../../../shared/commerce-rules';
import { getCryptoQuote } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';

/** Everything about crypto subscriptions sits under one root, so a payment can refresh all of it at once. */
export const cryptoSubscriptionKeys = {
  all: ['crypto-subscriptions'] as const,
  quote: (usdAmount: number) => ['crypto-subscriptions', 'quote', usdAmount] as const,
};

/** A price-feed reading: kept a minute, since the amounts to send follow the market. */
const QUOTE_STALE_MS = 60_000;

export const cryptoQuoteOptions = (usdAmount: number = MONITORING_USD) =>
  queryOptions({
    queryKey: cryptoSubscriptionKeys.quote(usdAmount),
    queryFn: () => callEndpoint(getCryptoQuote, { params: { usdAmount: String(usdAmount) } }),
    staleTime: QUOTE_STALE_MS,
  });

export function useCryptoQuote(options: { enabled: boolean }) {
  return useQuery({ ...cryptoQuoteOptions(), enabled: options.enabled });
}
