import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { orders } from '../../src/server/db/schema-commerce.js';
import { entitlements, users } from '../../src/server/db/schema.js';
import type { CheckoutResponse } from '../../src/shared/contracts/payments.js';
import type { CheckoutPlan } from '../../src/shared/commerce-rules.js';
import { type RunningStripeSimulator, startStripeSimulator } from '../../src/simulators/stripe/standalone.js';
import { createTestApp, sameOrigin, type TestApp } from './test-app.js';

/** The test account's keys: known to the simulator and to the app under test, nothing else. */
export const TEST_STRIPE = { secretKey: 'sk_test_rampart_tests', webhookSecret: 'whsec_rampart_tests' } as const;

export interface StripeTestApp {
  t: TestApp;
  sim: RunningStripeSimulator;
  /** The real stripe-node client on the simulator, as the tests' own view of "Stripe". */
  stripe: Stripe;
  /** Calls a `/__sim` test control with a JSON body; answers its JSON. */
  control<T = unknown>(path: string, body?: object): Promise<T>;
  close(): Promise<void>;
}

/**
 * The app on a real port (Stripe's webhooks arrive over HTTP) beside a Stripe simulator whose deliveries
 * go to it, retried (by default) after 30, 60 and 120 ms.
 */
export async function createStripeTestApp(
  options: { env?: Record<string, string>; retryDelaysMs?: number[] } = {},
): Promise<StripeTestApp> {
  const sim = await startStripeSimulator({
    apiKey: TEST_STRIPE.secretKey,
    webhookSecret: TEST_STRIPE.webhookSecret,
    retryDelaysMs: options.retryDelaysMs ?? [30, 60, 120],
  });
  const t = await createTestApp({
    STRIPE_SECRET_KEY: TEST_STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: TEST_STRIPE.webhookSecret,
    STRIPE_API_BASE: sim.url,
    ...options.env,
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const control = async <T>(path: string, body: object = {}): Promise<T> => {
    const response = await fetch(`${sim.url}/__sim/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`/__sim/${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  await control('webhook-endpoint', { url: `${address}/api/webhooks/stripe` });
  const port = Number(new URL(sim.url).port);
  const stripe = new Stripe(TEST_STRIPE.secretKey, { host: '127.0.0.1', port, protocol: 'http', telemetry: false });
  return {
    t,
    sim,
    stripe,
    control,
    close: async () => {
      await sim.close();
      await t.close();
    },
  };
}

export function checkout(
  t: TestApp,
  cookie: string | undefined,
  body: { plan: CheckoutPlan | string; serverId: string },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/paywall/checkout/stripe',
    headers: sameOrigin(cookie),
    payload: body,
  });
}

export function checkoutOf(response: LightMyRequestResponse): CheckoutResponse {
  if (response.statusCode !== 200) throw new Error(`checkout answered ${response.statusCode}: ${response.body}`);
  return response.json<CheckoutResponse>();
}

/** Presses a button of the hosted checkout page, as the browser's form post does; answers the page's reply. */
export function pressOnHostedPage(url: string, action: 'pay' | 'pay_delayed' | 'decline' | 'cancel') {
  return fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ action, email: 'olivia@example.com' }),
    redirect: 'manual',
  });
}

/** The Checkout Session id in a hosted page's address. */
export const sessionIdOf = (url: string) => new URL(url).pathname.split('/').pop() ?? '';

export async function orderRow(t: TestApp, orderId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  if (row === undefined) throw new Error(`no order ${orderId}`);
  return row;
}

export async function entitlementsOf(t: TestApp, discordId: string, serverId: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.discordId, discordId));
  if (user === undefined) throw new Error(`no user ${discordId}`);
  return t.database.db
    .select()
    .from(entitlements)
    .where(and(eq(entitlements.userId, user.id), eq(entitlements.serverId, serverId)));
}

/** Posts an event to the webhook signed as the tests choose (by default correctly, now). */
export function sendSignedEvent(
  t: TestApp,
  event: object,
  options: { secret?: string; timestamp?: number; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event, null, 2);
  const signature =
    options.signature !== undefined
      ? options.signature
      : Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? TEST_STRIPE.webhookSecret,
          ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
        });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

/** An event in Stripe's shape around `object`. */
export function stripeEvent(type: string, object: object, id = `evt_test_${Math.random().toString(36).slice(2)}`) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}
