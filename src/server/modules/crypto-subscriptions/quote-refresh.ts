import { eq } from 'drizzle-orm';
import type { CryptoCurrency } from '../../../shared/commerce-rules.js';
import { cryptoSubscriptions } from '../../db/schema-commerce.js';
import type { CryptoDeps } from './deps.js';
import { fetchUsdPrices, type UsdPrices } from './price-feed.js';
import { QUOTE_GRACE_MS, type QuoteRow, storeQuote } from './quotes.js';
import type { SubscriptionRow } from './view.js';

interface Listed {
  subscription: SubscriptionRow;
  serverName: string | null;
  quote: QuoteRow | null;
}

/**
 * A quote lives 30 minutes, but the next month is paid weeks later: a subscription whose quote has expired
 * (grace included) gets a fresh one when it is shown, so the amount on screen is always one that will be
 * accepted. Best effort: when the feed cannot be read the old quote is shown and the payment's rule 8 says why.
 */
export async function withFreshQuotes(deps: CryptoDeps, rows: Listed[]): Promise<Listed[]> {
  const now = deps.now();
  const expired = (row: Listed) =>
    row.subscription.status !== 'cancelled' &&
    (row.quote === null || row.quote.expiresAt.getTime() + QUOTE_GRACE_MS <= now.getTime());
  if (!rows.some(expired)) return rows;
  const feed = await readFeed(
    deps,
    rows.filter(expired).map((row) => row.subscription.currency),
  );
  const refreshed: Listed[] = [];
  for (const row of rows) {
    const needsFeed = row.subscription.currency === 'ETH' || row.subscription.currency === 'SOL';
    if (!expired(row) || (needsFeed && feed === null)) {
      refreshed.push(row);
      continue;
    }
    const quote = await deps.db.transaction(async (tx) => {
      const fresh = await storeQuote(tx, {
        userId: row.subscription.userId,
        currency: row.subscription.currency,
        usdCents: row.subscription.usdCents,
        prices: needsFeed ? feed : null,
        now,
      });
      await tx
        .update(cryptoSubscriptions)
        .set({ quoteId: fresh.id, updatedAt: now })
        .where(eq(cryptoSubscriptions.id, row.subscription.id));
      return fresh;
    });
    refreshed.push({ ...row, subscription: { ...row.subscription, quoteId: quote.id }, quote });
  }
  return refreshed;
}

async function readFeed(deps: CryptoDeps, currencies: CryptoCurrency[]): Promise<UsdPrices | null> {
  if (!currencies.some((currency) => currency === 'ETH' || currency === 'SOL')) return null;
  try {
    return await fetchUsdPrices(deps.config.chain.priceFeed);
  } catch (error) {
    deps.log.warn({ err: error }, 'the price feed could not refresh expired crypto quotes');
    return null;
  }
}
