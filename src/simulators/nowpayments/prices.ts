/**
 * The simulator's own fixed price table (US dollars per coin), so estimates are deterministic. The real
 * service quotes live rates; nothing in the product may rely on these numbers.
 */
export const USD_PRICE: Readonly<Record<string, number>> = {
  btc: 60_000,
  eth: 3_000,
  sol: 150,
  usdc: 1,
  usdcsol: 1,
  usdttrc20: 1,
};

export const CURRENCIES = Object.keys(USD_PRICE);

/** The smallest payment the simulated service accepts, in US dollars, whatever the coin. */
const MIN_AMOUNT_USD = 2;

const FIAT = new Set(['usd']);

/** US dollars per unit of a coin or of a fiat currency; undefined for a code the service does not know. */
export function usdPerUnit(currency: string): number | undefined {
  const code = currency.toLowerCase();
  return FIAT.has(code) ? 1 : USD_PRICE[code];
}

/** Rounded to 8 decimals, like the amounts NOWPayments answers with. */
export function roundAmount(value: number): number {
  return Math.round(value * 1e8) / 1e8;
}

export function estimate(amount: number, from: string, to: string): number | undefined {
  const fromUsd = usdPerUnit(from);
  const toUsd = usdPerUnit(to);
  if (fromUsd === undefined || toUsd === undefined) return undefined;
  return roundAmount((amount * fromUsd) / toUsd);
}

export function minAmount(from: string): number | undefined {
  const fromUsd = usdPerUnit(from);
  return fromUsd === undefined ? undefined : roundAmount(MIN_AMOUNT_USD / fromUsd);
}
