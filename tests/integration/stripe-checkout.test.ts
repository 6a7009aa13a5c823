import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, webhookEvents } from '../../src/server/db/schema-commerce.js';
import { grantEntitlement, GUILDS, serverId } from '../helpers/audits.js';
import {
  checkout,
  checkoutOf,
  createStripeTestApp,
  orderRow,
  sendSignedEvent,
  sessionIdOf,
  stripeEvent,
  type StripeTestApp,
  TEST_STRIPE,
} from '../helpers/stripe.js';
import { createTestApp, DEMO } from '../helpers/test-app.js';

/** POST /api/paywall/checkout/stripe through the real stripe-node client against the simulator. */

let s: StripeTestApp;
let olivia: string;
let eddie: string;
let pixelPlaza: string;
let studyHall: string;

beforeAll(async () => {
  s = await createStripeTestApp();
  olivia = await s.t.signIn(DEMO.olivia);
  eddie = await s.t.signIn(DEMO.eddie);
  pixelPlaza = await serverId(s.t, olivia, GUILDS.typical);
  studyHall = await serverId(s.t, eddie, GUILDS.studyHall);
});
afterAll(async () => s?.close());

describe('card checkout', () => {
  it('creates a pending order priced from the price list and a Checkout Session for it', async () => {
    const { url, orderId } = checkoutOf(await checkout(s.t, olivia, { plan: 'DIY', serverId: pixelPlaza }));
    expect(url.startsWith(`${s.sim.url}/c/pay/cs_test_`)).toBe(true);
    const order = await orderRow(s.t, orderId);
    expect(order).toMatchObject({ status: 'pending', product: 'DIY', provider: 'stripe', amountCents: 35_000 });
    expect(order.providerRef).toBe(sessionIdOf(url));

    const session = await s.stripe.checkout.sessions.retrieve(sessionIdOf(url));
    expect(session).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 35_000,
      currency: 'usd',
      client_reference_id: orderId,
      metadata: { order_id: orderId, plan: 'DIY', server_id: pixelPlaza },
      success_url: `http://localhost/paywall/success?order_id=${orderId}`,
      cancel_url: 'http://localhost/paywall',
    });
  });

  it('prices Full Service at 1,000 dollars whatever the client sends', async () => {
    const response = await s.t.app.inject({
      method: 'POST',
      url: '/api/paywall/checkout/stripe',
      headers: { origin: 'http://localhost', cookie: olivia },
      payload: { plan: 'FULL', serverId: pixelPlaza, amount: 1 },
    });
    const { url } = checkoutOf(response);
    expect((await s.stripe.checkout.sessions.retrieve(sessionIdOf(url))).amount_total).toBe(100_000);
  });

  it('answers a double click with the same order and one session (our idempotency key per order)', async () => {
    const dangerous = await serverId(s.t, olivia, GUILDS.dangerous);
    const before = s.sim.state.sessions.size;
    const [first, second] = await Promise.all([
      checkout(s.t, olivia, { plan: 'DIY', serverId: dangerous }),
      checkout(s.t, olivia, { plan: 'DIY', serverId: dangerous }),
    ]);
    const third = checkoutOf(await checkout(s.t, olivia, { plan: 'DIY', serverId: dangerous }));
    expect(checkoutOf(first)).toEqual(checkoutOf(second));
    expect(third).toEqual(checkoutOf(first));
    expect(s.sim.state.sessions.size).toBe(before + 1);
  });

  it('survives a 500 from Stripe: the SDK retries with the same key and one session is made', async () => {
    const large = await serverId(s.t, olivia, GUILDS.large);
    const before = s.sim.state.sessions.size;
    await s.control('faults', { status: 500, count: 1 });
    const { orderId } = checkoutOf(await checkout(s.t, olivia, { plan: 'FULL', serverId: large }));
    expect(s.sim.state.sessions.size).toBe(before + 1);
    expect((await orderRow(s.t, orderId)).status).toBe('pending');
    expect(s.sim.state.faults).toHaveLength(0);
  });

  it('answers 502 when Stripe fails and says not to retry, and marks that order failed', async () => {
    const large = await serverId(s.t, olivia, GUILDS.large);
    await s.control('faults', { status: 500, count: 1, shouldRetry: false });
    const response = await checkout(s.t, olivia, { plan: 'DIY', serverId: large });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(response.json().error.message).toContain('Stripe could not be reached');
    const [order] = await s.t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.serverId, large), eq(orders.product, 'DIY')));
    expect(order).toMatchObject({ status: 'failed', failureReason: 'The checkout session could not be created.' });
  });

  it('sells extra audits only for a server that already has a plan', async () => {
    const refused = await checkout(s.t, olivia, { plan: 'EXTRA_AUDIT', serverId: pixelPlaza });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain('buy DIY or Full Service first');

    await grantEntitlement(s.t, DEMO.eddie);
    const { url, orderId } = checkoutOf(await checkout(s.t, eddie, { plan: 'EXTRA_AUDIT', serverId: studyHall }));
    expect((await orderRow(s.t, orderId)).amountCents).toBe(5_000);
    expect((await s.stripe.checkout.sessions.retrieve(sessionIdOf(url))).amount_total).toBe(5_000);
  });

  it('refuses bad input with 400 and creates nothing', async () => {
    const before = s.sim.state.sessions.size;
    for (const body of [
      { plan: 'GOLD', serverId: pixelPlaza },
      { plan: 'DIY', serverId: 'not-a-uuid' },
      { plan: 'DIY' },
    ]) {
      const response = await checkout(s.t, olivia, body as { plan: string; serverId: string });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
    }
    expect(s.sim.state.sessions.size).toBe(before);
  });

  it('answers 404 for another owner’s server or an unknown one, leaking nothing, and 401 to a visitor', async () => {
    const before = s.sim.state.sessions.size;
    const other = await checkout(s.t, eddie, { plan: 'DIY', serverId: pixelPlaza });
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toEqual({ code: 'NOT_FOUND', message: 'Server not found' });
    const unknown = await checkout(s.t, eddie, { plan: 'DIY', serverId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.json().error).toEqual(other.json().error);
    expect((await checkout(s.t, undefined, { plan: 'DIY', serverId: pixelPlaza })).statusCode).toBe(401);
    expect(s.sim.state.sessions.size).toBe(before);
  });
});

describe('card checkout without Stripe', () => {
  it('answers 502 with a clear message when Stripe cannot be reached', async () => {
    const t = await createTestApp({
      STRIPE_SECRET_KEY: TEST_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: TEST_STRIPE.webhookSecret,
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    });
    try {
      const cookie = await t.signIn(DEMO.olivia);
      const server = await serverId(t, cookie, GUILDS.typical);
      const response = await checkout(t, cookie, { plan: 'DIY', serverId: server });
      expect(response.statusCode).toBe(502);
      expect(response.json().error).toEqual({
        code: 'UPSTREAM_UNAVAILABLE',
        message: 'Card payments are unavailable right now: Stripe could not be reached. Please try again shortly.',
      });
    } finally {
      await t.close();
    }
  });

  it('answers a verified event 502 when Stripe cannot be asked about it, so Stripe delivers it again', async () => {
    const t = await createTestApp({
      STRIPE_SECRET_KEY: TEST_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: TEST_STRIPE.webhookSecret,
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    });
    try {
      const event = stripeEvent('checkout.session.completed', {
        id: 'cs_test_unreachable',
        object: 'checkout.session',
      });
      const response = await sendSignedEvent(t, event);
      expect(response.statusCode).toBe(502);
      expect(response.json().error.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(await t.database.db.select().from(webhookEvents)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
