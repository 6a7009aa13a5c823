import { and, eq, gt, sql } from 'drizzle-orm';
import {
  CRYPTO_BASE_DECIMALS,
  CRYPTO_DISPLAY_DECIMALS,
  CRYPTO_QUOTE_TTL_MINUTES,
  type CryptoCurrency,
} from '../../../shared/commerce-rules.js';
import type { Database } from '../../db/client.js';
import { cryptoQuotes } from '../../db/schema-commerce.js';
import { AppError } from '../../errors.js';
import type { Transaction } from '../orders/fulfilment.js';
import { coinsForUsd, displayToBase, formatUnits, uniqueDisplayUnits } from './amounts.js';
import type { UsdPrices } from './price-feed.js';

export type QuoteRow = typeof cryptoQuotes.$inferSelect;

const MINUTE_MS = 60_000;
/** A payment is still matched to its quote this long after the quote expired (payments-reference §4, step 5). */
export const QUOTE_GRACE_MS = 10 * MINUTE_MS;

/** USD per coin as a decimal string; USDC is 1:1 without a feed. */
export function priceOf(currency: CryptoCurrency, prices: UsdPrices | null): string {
  if (currency === 'USDC-SPL' || currency === 'USDC-ERC20') return '1';
  if (prices === null) throw new Error(`${currency} needs a price from the feed`);
  return prices[currency];
}

export interface NewQuote {
  userId: string;
  currency: CryptoCurrency;
  usdCents: number;
  /** Null is allowed only for USDC, which needs no feed. */
  prices: UsdPrices | null;
  now: Date;
}

/**
 * Stores a quote held for 30 minutes: the USD amount in the coin, rounded up to its display decimals, plus
 * the smallest offset in the last digit that no other open quote of the currency holds, so a payment names
 * its quote. The pick and the insert run under a transaction-scoped advisory lock per currency, so quotes
 * made at once on any instance never share an amount.
 */
export async function storeQuote(db: Database | Transaction, input: NewQuote): Promise<QuoteRow> {
  const priceUsd = priceOf(input.currency, input.prices);
  const displayDecimals = CRYPTO_DISPLAY_DECIMALS[input.currency];
  const baseDecimals = CRYPTO_BASE_DECIMALS[input.currency];
  const rounded = coinsForUsd(input.usdCents, priceUsd, displayDecimals);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`crypto_quote:${input.currency}`}))`);
    const open = await tx
      .select({ amountBase: cryptoQuotes.amountBase })
      .from(cryptoQuotes)
      .where(
        and(
          eq(cryptoQuotes.currency, input.currency),
          gt(cryptoQuotes.expiresAt, new Date(input.now.getTime() - QUOTE_GRACE_MS)),
        ),
      );
    const step = displayToBase(1n, displayDecimals, baseDecimals);
    const taken = new Set(
      open
        .map((quote) => BigInt(quote.amountBase))
        .filter((base) => base % step === 0n)
        .map((base) => base / step),
    );
    const displayUnits = uniqueDisplayUnits(rounded, taken);
    if (displayUnits === null) {
      throw new AppError(
        'UPSTREAM_UNAVAILABLE',
        `Too many ${input.currency} payments are open at once; try again in a few minutes.`,
      );
    }
    const [quote] = await tx
      .insert(cryptoQuotes)
      .values({
        userId: input.userId,
        currency: input.currency,
        usdCents: input.usdCents,
        priceUsd,
        amountDisplay: formatUnits(displayUnits, displayDecimals),
        amountBase: displayToBase(displayUnits, displayDecimals, baseDecimals).toString(),
        source: input.prices === null ? 'fixed:1usd' : 'coingecko:simple/price',
        createdAt: input.now,
        expiresAt: new Date(input.now.getTime() + CRYPTO_QUOTE_TTL_MINUTES * MINUTE_MS),
      })
      .returning();
    if (quote === undefined) throw new Error('the quote was not inserted');
    return quote;
  });
}
