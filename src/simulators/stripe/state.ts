import type { CheckoutParams } from './checkout-params.js';
import { DEFAULT_EXPIRY_SECONDS } from './checkout-params.js';
import {
  type Charge,
  type CheckoutSession,
  type LineItem,
  snapshot,
  type StripeEvent,
  type StripeObject,
  stripeId,
  unixSeconds,
} from './objects.js';

/** The API version events are stamped with: the one the installed stripe-node pins. */
export const SIMULATED_API_VERSION = '2026-10-28.endive';

export type DeliveryMode = 'normal' | 'bad-signature' | 'stale-timestamp';

export interface ForcedFault {
  status: number;
  /** Sent as `Stripe-Should-Retry`, which stripe-node obeys; absent leaves the decision to the client. */
  shouldRetry?: boolean;
}

export interface StoredResponse {
  fingerprint: string;
  status: number;
  body: unknown;
  storedAt: number;
}

/**
 * Everything the simulator remembers, in memory: Checkout Sessions with their line items, charges,
 * events, idempotent responses, and the test controls' switches. Each change that Stripe announces
 * emits its event through `onEvent` (the webhook dispatcher).
 */
export class StripeSimulatorState {
  readonly sessions = new Map<string, CheckoutSession>();
  readonly lineItems = new Map<string, LineItem[]>();
  readonly charges = new Map<string, Charge>();
  readonly events = new Map<string, StripeEvent>();
  readonly idempotency = new Map<string, StoredResponse>();
  /** Faults the next API requests answer with, before any work or idempotency bookkeeping. */
  readonly faults: ForcedFault[] = [];
  deliveryMode: DeliveryMode = 'normal';
  onEvent: (event: StripeEvent) => void = () => undefined;

  constructor(
    /** Where browsers reach the hosted page; a standalone server learns it once it listens. */
    public publicBaseUrl: string,
    readonly now: () => number = Date.now,
  ) {}

  createSession(params: CheckoutParams): CheckoutSession {
    const created = unixSeconds(this.now());
    const total = params.lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
    const id = stripeId('cs_test_', 58);
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: params.cancelUrl,
      client_reference_id: params.clientReferenceId,
      created,
      currency: params.lineItems[0]?.currency ?? 'usd',
      customer_details: null,
      customer_email: params.customerEmail,
      expires_at: params.expiresAt ?? created + DEFAULT_EXPIRY_SECONDS,
      livemode: false,
      metadata: params.metadata,
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.successUrl,
      url: `${this.publicBaseUrl}/c/pay/${id}`,
    };
    this.sessions.set(id, session);
    this.lineItems.set(id, params.lineItems);
    return session;
  }

  /** The buyer finished the page. A delayed method completes the session unpaid; its money comes later. */
  complete(session: CheckoutSession, email: string, options: { delayed: boolean }): void {
    session.status = 'complete';
    session.url = null;
    session.payment_intent = stripeId('pi_');
    session.customer_details = { email, name: null, address: null, phone: null, tax_exempt: 'none', tax_ids: [] };
    if (!options.delayed) this.markPaid(session);
    this.emit('checkout.session.completed', session);
  }

  /** The delayed payment of a completed, unpaid session clears or fails. */
  settleDelayed(session: CheckoutSession, outcome: 'succeeded' | 'failed'): void {
    if (outcome === 'succeeded') this.markPaid(session);
    this.emit(`checkout.session.async_payment_${outcome}`, session);
  }

  expire(session: CheckoutSession): void {
    session.status = 'expired';
    session.url = null;
    this.emit('checkout.session.expired', session);
  }

  /** Open sessions whose `expires_at` has passed expire, as Stripe's own timer does. */
  expireDue(): void {
    const nowSeconds = unixSeconds(this.now());
    for (const session of this.sessions.values()) {
      if (session.status === 'open' && session.expires_at <= nowSeconds) this.expire(session);
    }
  }

  chargeOf(session: CheckoutSession): Charge | undefined {
    return [...this.charges.values()].find((charge) => charge.payment_intent === session.payment_intent);
  }

  /** A full refund of the session's charge: `charge.refunded` carries the charge and its payment intent. */
  refund(charge: Charge): void {
    charge.amount_refunded = charge.amount;
    charge.refunded = true;
    this.emit('charge.refunded', charge);
  }

  private markPaid(session: CheckoutSession): void {
    session.payment_status = 'paid';
    const charge: Charge = {
      id: stripeId('ch_'),
      object: 'charge',
      amount: session.amount_total,
      amount_refunded: 0,
      created: unixSeconds(this.now()),
      currency: session.currency,
      livemode: false,
      metadata: {},
      paid: true,
      payment_intent: session.payment_intent ?? stripeId('pi_'),
      refunded: false,
      status: 'succeeded',
    };
    this.charges.set(charge.id, charge);
  }

  private emit(type: string, object: StripeObject): void {
    const event: StripeEvent = {
      id: stripeId('evt_'),
      object: 'event',
      api_version: SIMULATED_API_VERSION,
      created: unixSeconds(this.now()),
      data: { object: snapshot(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.events.set(event.id, event);
    this.onEvent(event);
  }
}
