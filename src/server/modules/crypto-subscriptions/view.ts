import { CRYPTO_CHAIN } from '../../../shared/commerce-rules.js';
import type { CryptoSubscription, PaymentDetails } from '../../../shared/contracts/crypto-subscriptions.js';
import type { ChainConfig } from '../../config-chain.js';
import type { cryptoSubscriptions } from '../../db/schema-commerce.js';
import type { QuoteRow } from './quotes.js';

export type SubscriptionRow = typeof cryptoSubscriptions.$inferSelect;

export function paymentDetailsOf(
  chain: ChainConfig,
  subscription: SubscriptionRow,
  quote: QuoteRow | null,
): PaymentDetails {
  return {
    recipientAddress: subscription.recipientAddress,
    currency: subscription.currency,
    amount: quote?.amountDisplay ?? '',
    quoteExpiresAt: (quote?.expiresAt ?? subscription.createdAt).toISOString(),
    explorerTxUrlPrefix: chain[CRYPTO_CHAIN[subscription.currency]].explorerTxUrl,
  };
}

export function toSubscription(
  chain: ChainConfig,
  row: { subscription: SubscriptionRow; serverName: string | null; quote: QuoteRow | null },
): CryptoSubscription {
  const { subscription, quote } = row;
  return {
    id: subscription.id,
    serverId: subscription.serverId,
    serverName: row.serverName,
    currency: subscription.currency,
    usdAmount: subscription.usdCents / 100,
    monthlyAmount: quote?.amountDisplay ?? '',
    status: subscription.status,
    isActive: subscription.isActive,
    nextPaymentDue: subscription.nextPaymentDue?.toISOString() ?? null,
    createdAt: subscription.createdAt.toISOString(),
    paymentDetails: paymentDetailsOf(chain, subscription, quote),
  };
}

/** One calendar month later, kept on the last day when the next month is shorter (Jan 31 → Feb 28). */
export function oneMonthAfter(date: Date): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}
