import bs58 from 'bs58';

/** Rule 1 for Ethereum (lower-cased first): 0x and 32 bytes of hex. */
export const ETHEREUM_HASH = /^0x[0-9a-f]{64}$/;

/** Rule 1 for Solana: base58 of a 64-byte signature. */
export function isSolanaSignature(value: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value)) return false;
  try {
    return bs58.decode(value).length === 64;
  } catch {
    return false;
  }
}
