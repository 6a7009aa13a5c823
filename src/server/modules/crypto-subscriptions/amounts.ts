/**
 * Crypto amounts as integers: a decimal string is parsed digit by digit into base units (never through a
 * float), and a quote is rounded up so the customer never underpays (payments-reference §4).
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** '0.0166' with 18 decimals → 16600000000000000n. More fractional digits than `decimals` is an error. */
export function parseDecimal(value: string, decimals: number): bigint {
  const match = DECIMAL.exec(value.trim());
  if (match === null) throw new Error(`not a decimal amount: ${value}`);
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) throw new Error(`${value} has more than ${decimals} decimals`);
  return BigInt(whole + fraction.padEnd(decimals, '0'));
}

/** 16600000000000000n with 18 decimals, shown with 6 → '0.016600'. Truncates digits beyond `shown`. */
export function formatUnits(units: bigint, decimals: number, shown = decimals): string {
  if (units < 0n) throw new Error('negative amount');
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals, digits.length - decimals + shown);
  return shown === 0 ? whole : `${whole}.${fraction}`;
}

/** A price such as 3012.45 as an exact fraction: numerator over a power of ten. */
export function priceAsFraction(price: string): { numerator: bigint; scale: number } {
  const match = DECIMAL.exec(price.trim());
  if (match === null) throw new Error(`not a price: ${price}`);
  const fraction = match[2] ?? '';
  const numerator = BigInt((match[1] ?? '0') + fraction);
  if (numerator === 0n) throw new Error('a price of zero');
  return { numerator, scale: fraction.length };
}

/**
 * How many units of the display precision (10^-displayDecimals coins) `usdCents` buys at `priceUsd`,
 * rounded up: ceil(cents / 100 / price × 10^displayDecimals), computed in integers.
 */
export function coinsForUsd(usdCents: number, priceUsd: string, displayDecimals: number): bigint {
  const { numerator, scale } = priceAsFraction(priceUsd);
  // cents/100 ÷ (numerator/10^scale) × 10^d = cents × 10^(scale+d) ÷ (numerator × 100)
  const dividend = BigInt(usdCents) * 10n ** BigInt(scale + displayDecimals);
  const divisor = numerator * 100n;
  return (dividend + divisor - 1n) / divisor;
}

/** The largest offset (in the last displayed digit) added to make an open quote's amount unique. */
export const MAX_UNIQUE_OFFSET = 99;

/**
 * The first amount `base + offset` (offset 1…MAX_UNIQUE_OFFSET, in display units) that no other open quote
 * holds, or null when every one is taken. The offset is never 0, so every quote carries one.
 */
export function uniqueDisplayUnits(base: bigint, taken: ReadonlySet<bigint>): bigint | null {
  for (let offset = 1n; offset <= BigInt(MAX_UNIQUE_OFFSET); offset += 1n) {
    if (!taken.has(base + offset)) return base + offset;
  }
  return null;
}

/** Display units → base units: ETH display 6 decimals → ×10^12 wei. */
export function displayToBase(displayUnits: bigint, displayDecimals: number, baseDecimals: number): bigint {
  return displayUnits * 10n ** BigInt(baseDecimals - displayDecimals);
}

/** The smallest amount accepted against `quoted` with an underpay tolerance in basis points. */
export function minimumAccepted(quoted: bigint, toleranceBasisPoints: number): bigint {
  return quoted - (quoted * BigInt(toleranceBasisPoints)) / 10_000n;
}
