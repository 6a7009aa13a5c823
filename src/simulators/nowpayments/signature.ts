import { createHmac } from 'node:crypto';

/**
 * Keys sorted at every depth, arrays kept in order: what the official SDK (`nowpayments-sdk-nodejs`,
 * src/ipn.js) signs. The documented `JSON.stringify(body, Object.keys(body).sort())` would drop every
 * nested key (`"fee":{}`), which is why the simulator always sends a nested `fee` object.
 */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
  return sorted;
}

/** `x-nowpayments-sig`: hex HMAC-SHA512 with the IPN secret over the deep-sorted JSON. */
export function ipnSignature(body: unknown, secret: string): string {
  return createHmac('sha512', secret.trim())
    .update(JSON.stringify(sortKeysDeep(body)))
    .digest('hex');
}
