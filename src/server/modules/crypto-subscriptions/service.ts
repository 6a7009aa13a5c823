import { and, desc, eq, gt } from 'drizzle-orm';
import {
  CRYPTO_QUOTE_LIST_DECIMALS,
  type CryptoCurrency,
  MONITORING_USD,
  ORDER_PRODUCT_PRICE_CENTS,
  PRODUCT_OF_CHECKOUT_PLAN,
  type CheckoutPlan,
} from '../../../shared/commerce-rules.js';
import type {
  CreateCryptoSubscriptionResponse,
  CryptoQuote,
  CryptoSubscription,
} from '../../../shared/contracts/crypto-subscriptions.js';
import type { PaywallQuoteResponse } from '../../../shared/contracts/payments.js';
import type { z } from 'zod';
import { cryptoQuotes, cryptoSubscriptions } from '../../db/schema-commerce.js';
import { servers } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { findAccessibleServer } from '../audits/access.js';
import type { Caller } from '../auth/caller.js';
import { coinsForUsd, formatUnits } from './amounts.js';
import type { CryptoDeps } from './deps.js';
import { fetchUsdPrices, type UsdPrices } from './price-feed.js';
import { withFreshQuotes } from './quote-refresh.js';
import { priceOf, storeQuote } from './quotes.js';
import { oneMonthAfter, paymentDetailsOf, toSubscription } from './view.js';

const MONITORING_CENTS = ORDER_PRODUCT_PRICE_CENTS.MONITORING;
/** A plan's quote is answered again while it has at least this long left. */
const REUSABLE_FOR_MS = 20 * 60_000;
const needsFeed = (currency: CryptoCurrency) => currency === 'ETH' || currency === 'SOL';

/** Prices from the feed when the currency needs them; USDC is 1:1. */
export async function pricesFor(deps: CryptoDeps, currency: CryptoCurrency): Promise<UsdPrices | null> {
  return needsFeed(currency) ? fetchUsdPrices(deps.config.chain.priceFeed) : null;
}

function requireMonitoringPrice(usdAmount: number): void {
  if (usdAmount !== MONITORING_USD) {
    throw new AppError('BAD_REQUEST', `Only the monitoring subscription is sold: usdAmount must be ${MONITORING_USD}.`);
  }
}

/** The dialog's first step: what a month costs in each coin at the feed's rate, rounded up. Stores nothing. */
export async function quoteMonth(deps: CryptoDeps, usdAmount: number): Promise<CryptoQuote> {
  requireMonitoringPrice(usdAmount);
  const prices = await fetchUsdPrices(deps.config.chain.priceFeed);
  const listed = (currency: 'SOL' | 'ETH', decimals: number) =>
    formatUnits(coinsForUsd(MONITORING_CENTS, priceOf(currency, prices), decimals), decimals);
  return {
    solAmount: listed('SOL', CRYPTO_QUOTE_LIST_DECIMALS.SOL),
    ethAmount: listed('ETH', CRYPTO_QUOTE_LIST_DECIMALS.ETH),
    usdcAmount: formatUnits(
      coinsForUsd(MONITORING_CENTS, '1', CRYPTO_QUOTE_LIST_DECIMALS.USDC),
      CRYPTO_QUOTE_LIST_DECIMALS.USDC,
    ),
    nextPaymentDate: oneMonthAfter(deps.now()).toISOString(),
  };
}

/** A plan's price in a coin, held for 30 minutes with an amount unique among open quotes. */
export async function quotePlan(
  deps: CryptoDeps,
  caller: Caller,
  input: { plan: CheckoutPlan; currency: CryptoCurrency },
): Promise<PaywallQuoteResponse> {
  const usdCents = ORDER_PRODUCT_PRICE_CENTS[PRODUCT_OF_CHECKOUT_PLAN[input.plan]];
  const now = deps.now();
  // Asking again while a quote still has most of its life answers the same quote, so repeated asking cannot
  // use up the unique amounts of a currency.
  const [held] = await deps.db
    .select()
    .from(cryptoQuotes)
    .where(
      and(
        eq(cryptoQuotes.userId, caller.user.id),
        eq(cryptoQuotes.currency, input.currency),
        eq(cryptoQuotes.usdCents, usdCents),
        gt(cryptoQuotes.expiresAt, new Date(now.getTime() + REUSABLE_FOR_MS)),
      ),
    )
    .orderBy(desc(cryptoQuotes.createdAt))
    .limit(1);
  const quote =
    held ??
    (await storeQuote(deps.db, {
      userId: caller.user.id,
      currency: input.currency,
      usdCents,
      prices: await pricesFor(deps, input.currency),
      now,
    }));
  return {
    plan: input.plan,
    currency: input.currency,
    usdAmount: usdCents / 100,
    amount: quote.amountDisplay,
    priceUsd: Number(quote.priceUsd),
    quotedAt: quote.createdAt.toISOString(),
  };
}

/** The recipient wallet of a currency's chain; a production deployment without one sells nothing in it. */
export function recipientFor(deps: CryptoDeps, currency: CryptoCurrency): string {
  const chain = currency === 'ETH' || currency === 'USDC-ERC20' ? deps.config.chain.ethereum : deps.config.chain.solana;
  if (chain.recipient === undefined) {
    throw new AppError('UPSTREAM_UNAVAILABLE', `Payments in ${currency} are not configured on this deployment.`);
  }
  return chain.recipient;
}

/** Starts a subscription on a server the caller may manage, with the quote its first payment must match. */
export async function createSubscription(
  deps: CryptoDeps,
  caller: Caller,
  input: { currency: CryptoCurrency; usdAmount: number; serverId: string },
): Promise<z.infer<typeof CreateCryptoSubscriptionResponse>> {
  requireMonitoringPrice(input.usdAmount);
  const server = await findAccessibleServer(deps.db, caller, input.serverId);
  const recipientAddress = recipientFor(deps, input.currency);
  // Opening the dialog again answers the unpaid subscription already there, so repeated attempts neither
  // clutter the list nor use up the currency's unique amounts.
  const [waiting] = await withServerAndQuote(deps)
    .where(
      and(
        eq(cryptoSubscriptions.userId, caller.user.id),
        eq(cryptoSubscriptions.serverId, server.id),
        eq(cryptoSubscriptions.currency, input.currency),
        eq(cryptoSubscriptions.status, 'awaiting_payment'),
      ),
    )
    .orderBy(desc(cryptoSubscriptions.createdAt))
    .limit(1);
  if (waiting !== undefined) {
    const [current = waiting] = await withFreshQuotes(deps, [waiting]);
    const subscription = toSubscription(deps.config.chain, current);
    return { subscription, paymentDetails: subscription.paymentDetails };
  }
  const prices = await pricesFor(deps, input.currency);
  const now = deps.now();
  const { subscription, quote } = await deps.db.transaction(async (tx) => {
    const quote = await storeQuote(tx, {
      userId: caller.user.id,
      currency: input.currency,
      usdCents: MONITORING_CENTS,
      prices,
      now,
    });
    const [subscription] = await tx
      .insert(cryptoSubscriptions)
      .values({
        userId: caller.user.id,
        serverId: server.id,
        currency: input.currency,
        usdCents: MONITORING_CENTS,
        quoteId: quote.id,
        recipientAddress,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (subscription === undefined) throw new Error('the subscription was not inserted');
    return { subscription, quote };
  });
  return {
    subscription: toSubscription(deps.config.chain, { subscription, serverName: server.name, quote }),
    paymentDetails: paymentDetailsOf(deps.config.chain, subscription, quote),
  };
}

const withServerAndQuote = (deps: CryptoDeps) =>
  deps.db
    .select({ subscription: cryptoSubscriptions, serverName: servers.name, quote: cryptoQuotes })
    .from(cryptoSubscriptions)
    .leftJoin(servers, eq(servers.id, cryptoSubscriptions.serverId))
    .leftJoin(cryptoQuotes, eq(cryptoQuotes.id, cryptoSubscriptions.quoteId));

export async function listSubscriptions(deps: CryptoDeps, caller: Caller): Promise<CryptoSubscription[]> {
  const rows = await withServerAndQuote(deps)
    .where(eq(cryptoSubscriptions.userId, caller.user.id))
    .orderBy(desc(cryptoSubscriptions.createdAt), desc(cryptoSubscriptions.id));
  return (await withFreshQuotes(deps, rows)).map((row) => toSubscription(deps.config.chain, row));
}

/** The caller's own subscription (staff included: a payment binds to the one who made the quote), else 404. */
export async function ownSubscription(deps: CryptoDeps, caller: Caller, id: string) {
  const [row] = await withServerAndQuote(deps)
    .where(and(eq(cryptoSubscriptions.id, id), eq(cryptoSubscriptions.userId, caller.user.id)))
    .limit(1);
  if (row === undefined) throw notFound('Subscription');
  return row;
}
