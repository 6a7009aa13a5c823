import { randomBytes } from 'node:crypto';

/** The Stripe objects the simulator keeps, in the shapes (and field names) Stripe's API answers with. */

export interface CustomerDetails {
  email: string | null;
  name: string | null;
  address: null;
  phone: null;
  tax_exempt: 'none';
  tax_ids: [];
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_details: CustomerDetails | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  url: string | null;
}

/** A line item as the hosted page shows it; Stripe serves these only through `expand`, never on the Session. */
export interface LineItem {
  name: string;
  description: string | null;
  currency: string;
  unitAmount: number;
  quantity: number;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  created: number;
  currency: string;
  livemode: false;
  metadata: Record<string, string>;
  paid: true;
  payment_intent: string;
  refunded: boolean;
  status: 'succeeded';
}

export type StripeObject = CheckoutSession | Charge;

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: StripeObject };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Stripe-like opaque ids: a prefix and random base-62 characters (Checkout Sessions are about 66 long). */
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = prefix;
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

export const unixSeconds = (ms: number) => Math.floor(ms / 1000);

/** A copy, so an event keeps the object as it was when the event happened. */
export function snapshot<T extends StripeObject>(object: T): T {
  return structuredClone(object);
}
