import { z } from 'zod';
import {
  CHECKOUT_PLANS,
  CRYPTO_CURRENCIES,
  ORDER_PRODUCTS,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
} from '../commerce-rules.js';
import { IdParams } from './audits.js';
import { endpoint } from './endpoint.js';

export const CheckoutPlan = z.enum(CHECKOUT_PLANS);
export const CryptoCurrency = z.enum(CRYPTO_CURRENCIES);

/** POST /api/paywall/checkout/stripe and /nowpayments: the server prices the plan itself. */
export const CheckoutRequest = z.object({
  plan: CheckoutPlan,
  serverId: z.string().uuid('must be a server id'),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;
/** Where the browser goes next: Stripe's hosted checkout page, or NOWPayments' hosted invoice page. */
export const CheckoutResponse = z.object({ url: z.string().url(), orderId: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

export const createStripeCheckout = endpoint({
  name: 'createStripeCheckout',
  method: 'POST',
  path: '/api/paywall/checkout/stripe',
  access: 'user',
  summary: 'Create an order and a Stripe Checkout Session for it; answers the hosted page to redirect to.',
  body: CheckoutRequest,
  response: CheckoutResponse,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'UPSTREAM_UNAVAILABLE'],
});

export const createCryptoInvoice = endpoint({
  name: 'createCryptoInvoice',
  method: 'POST',
  path: '/api/paywall/checkout/nowpayments',
  access: 'user',
  summary: 'Create an order and a NOWPayments hosted invoice for it; answers the invoice page (opened in a new tab).',
  body: CheckoutRequest,
  response: CheckoutResponse,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'UPSTREAM_UNAVAILABLE'],
});

/** Provider callbacks: signed by the provider, so public; their bodies are read raw by their own parsers. */
export const WebhookAck = z.object({ received: z.literal(true) });

export const receiveStripeWebhook = endpoint({
  name: 'receiveStripeWebhook',
  method: 'POST',
  path: '/api/webhooks/stripe',
  access: 'public',
  summary: 'Stripe events, verified by their Stripe-Signature on the raw body; each event id is acted on once.',
  response: WebhookAck,
  status: 200,
  errors: ['BAD_REQUEST', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'UPSTREAM_UNAVAILABLE'],
});

export const receiveNowPaymentsWebhook = endpoint({
  name: 'receiveNowPaymentsWebhook',
  method: 'POST',
  path: '/api/webhooks/nowpayments',
  access: 'public',
  summary: 'NOWPayments IPN callbacks, verified by x-nowpayments-sig and confirmed with the API before fulfilling.',
  response: WebhookAck,
  status: 200,
  errors: ['BAD_REQUEST', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'UPSTREAM_UNAVAILABLE'],
});

/** POST /api/paywall/quote: what a plan costs in a crypto currency right now (the client does not use it). */
export const PaywallQuoteRequest = z.object({ plan: CheckoutPlan, currency: CryptoCurrency });
export const PaywallQuoteResponse = z.object({
  plan: CheckoutPlan,
  currency: CryptoCurrency,
  usdAmount: z.number(),
  /** Rounded up to the currency's display decimals. */
  amount: z.string(),
  priceUsd: z.number(),
  quotedAt: z.string(),
});
export type PaywallQuoteResponse = z.infer<typeof PaywallQuoteResponse>;

export const quotePaywallPlan = endpoint({
  name: 'quotePaywallPlan',
  method: 'POST',
  path: '/api/paywall/quote',
  access: 'user',
  summary: "A plan's price in a crypto currency at the price feed's current rate.",
  body: PaywallQuoteRequest,
  response: PaywallQuoteResponse,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'UPSTREAM_UNAVAILABLE'],
});

export const Payment = z.object({
  id: z.string(),
  serverId: z.string().nullable(),
  serverName: z.string().nullable(),
  /** What was bought. */
  type: z.enum(ORDER_PRODUCTS),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** US dollars. */
  amount: z.number(),
  amountCents: z.number().int(),
  /** The crypto amount actually asked for, when paid in crypto ('0.331 SOL'); null for card. */
  cryptoAmount: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Payment = z.infer<typeof Payment>;
export const PaymentList = z.array(Payment);

export const listPayments = endpoint({
  name: 'listPayments',
  method: 'GET',
  path: '/api/payments',
  access: 'user',
  summary: "The caller's payment history, newest first.",
  response: PaymentList,
  status: 200,
  errors: ['UNAUTHORIZED'],
});

export const downloadPaymentReceipt = endpoint({
  name: 'downloadPaymentReceipt',
  method: 'GET',
  path: '/api/payments/:id/receipt',
  access: 'user',
  summary: 'A PDF receipt for one of the caller’s completed payments.',
  params: IdParams,
  response: { mediaType: 'application/pdf', description: 'The receipt' },
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND', 'CONFLICT'],
});
