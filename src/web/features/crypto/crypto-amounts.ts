import { CRYPTO_QUOTE_LIST_DECIMALS, type CryptoCurrency } from '../../../shared/commerce-rules';
import type { CryptoQuote } from '../../../shared/contracts/crypto-subscriptions';

/** The coin each option is paid in, and the chain it travels on. */
export const CURRENCY_OPTIONS: Record<CryptoCurrency, { unit: 'SOL' | 'ETH' | 'USDC'; network: string }> = {
  SOL: { unit: 'SOL', network: 'Solana' },
  ETH: { unit: 'ETH', network: 'Ethereum' },
  'USDC-SPL': { unit: 'USDC', network: 'Solana (SPL token)' },
  'USDC-ERC20': { unit: 'USDC', network: 'Ethereum (ERC-20 token)' },
};

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * A decimal amount shown with `decimals` places, rounded up so that what is shown is never less than
 * what is owed. Worked on the digits, not on floats, so 0.1 + 0.2 troubles never reach a price.
 * Anything that is not a plain decimal is shown as the server sent it.
 */
export function roundUpAmount(amount: string, decimals: number): string {
  const match = DECIMAL.exec(amount.trim());
  if (match === null) return amount;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  const kept = fraction.slice(0, decimals).padEnd(decimals, '0');
  const dropped = fraction.slice(decimals);
  let units = BigInt(whole + kept);
  if (/[1-9]/.test(dropped)) units += 1n;
  if (decimals === 0) return units.toString();
  const digits = units.toString().padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** The first step's list: SOL at 2 decimals, ETH at 4, USDC at 2 (part 2 §9). */
export function quoteListAmounts(quote: CryptoQuote): Record<CryptoCurrency, string> {
  const usdc = roundUpAmount(quote.usdcAmount, CRYPTO_QUOTE_LIST_DECIMALS.USDC);
  return {
    SOL: roundUpAmount(quote.solAmount, CRYPTO_QUOTE_LIST_DECIMALS.SOL),
    ETH: roundUpAmount(quote.ethAmount, CRYPTO_QUOTE_LIST_DECIMALS.ETH),
    'USDC-SPL': usdc,
    'USDC-ERC20': usdc,
  };
}

/** The exact amount to send, as the server quoted it, with its coin: '0.331 SOL'. */
export function amountWithUnit(amount: string, currency: CryptoCurrency): string {
  return `${amount} ${CURRENCY_OPTIONS[currency].unit}`;
}

/**
 * The block explorer's page for a transaction, or null while there is no hash or the address the
 * server gave is not a web page (a link must never run script).
 */
export function explorerTransactionUrl(prefix: string, transactionHash: string): string | null {
  const hash = transactionHash.trim();
  if (hash === '') return null;
  let url: URL;
  try {
    url = new URL(`${prefix}${encodeURIComponent(hash)}`);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
}
