import Stripe from 'stripe';
import type { StripeConfig } from '../config-stripe.js';

/**
 * The stripe-node client for the configured account. stripe-node addresses a host, port and protocol
 * (never a path), so STRIPE_API_BASE is an origin: https://api.stripe.com, or a simulator's.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  const base = new URL(config.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    host: base.hostname,
    port: Number(base.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    // POSTs retried by the SDK carry the same idempotency key, so a retry never makes a second session.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
}

/** Signature checks accept deliveries signed at most this long ago (Stripe's own default). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

export type { Stripe };
