import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * IPN signatures. NOWPayments signs `JSON.stringify` of the body with its keys sorted at every depth
 * (the official SDK's `sortObjectDeep`), not the documented one-level replacer, which would sign a nested
 * `fee` object as `{}`. The signature is checked on the parsed body re-serialised the same way.
 */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeysDeep((value as Record<string, unknown>)[key])]),
  );
}

export function signIpn(body: unknown, secret: string): string {
  return createHmac('sha512', secret.trim())
    .update(JSON.stringify(sortKeysDeep(body)))
    .digest('hex');
}

const SIGNATURE = /^[0-9a-f]{128}$/i;

/** Whether `signature` (the x-nowpayments-sig header) signs `body`; compared in constant time. */
export function verifyIpnSignature(body: unknown, signature: unknown, secret: string): boolean {
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return false;
  const expected = Buffer.from(signIpn(body, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
