import { z } from 'zod';
import { AppError } from '../../errors.js';

/** The coins the feed is asked about, by CoinGecko id. USDC is priced 1:1 without asking. */
const COIN_IDS = { ETH: 'ethereum', SOL: 'solana' } as const;
export type FedCoin = keyof typeof COIN_IDS;

/** Prices in US dollars as decimal strings, as the feed wrote them ('3012.45'), so no float rounding enters. */
export type UsdPrices = Record<FedCoin, string>;

const SimplePrice = z.record(z.string(), z.object({ usd: z.number().positive() }));

export interface PriceFeedConfig {
  /** CoinGecko's API base, e.g. https://api.coingecko.com/api/v3 (demo: the price simulator). */
  url: string;
  /** Sent as x-cg-demo-api-key when set. */
  apiKey: string | undefined;
}

const TIMEOUT_MS = 5_000;

/** Reads ETH and SOL in USD from CoinGecko's `GET /simple/price`; a feed that fails or lies is a 502. */
export async function fetchUsdPrices(feed: PriceFeedConfig): Promise<UsdPrices> {
  const url = new URL(`${feed.url.replace(/\/$/, '')}/simple/price`);
  url.searchParams.set('ids', Object.values(COIN_IDS).join(','));
  url.searchParams.set('vs_currencies', 'usd');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (feed.apiKey !== undefined) headers['x-cg-demo-api-key'] = feed.apiKey;
  let body: unknown;
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new Error(`the price feed answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw new AppError('UPSTREAM_UNAVAILABLE', 'The price feed could not be reached; try again shortly.', {
      cause: error,
    });
  }
  const parsed = SimplePrice.safeParse(body);
  const eth = parsed.success ? parsed.data[COIN_IDS.ETH]?.usd : undefined;
  const sol = parsed.success ? parsed.data[COIN_IDS.SOL]?.usd : undefined;
  if (eth === undefined || sol === undefined) {
    throw new AppError('UPSTREAM_UNAVAILABLE', 'The price feed gave no ETH or SOL price; try again shortly.');
  }
  return { ETH: decimalString(eth), SOL: decimalString(sol) };
}

/** A JSON number as a plain decimal string (no exponent): the shortest form that reads back as the same number. */
function decimalString(value: number): string {
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(12).replace(/0+$/, '').replace(/\.$/, '') : text;
}
