import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceEngagements, webhookEvents } from '../../src/server/db/schema-commerce.js';
import { notifications } from '../../src/server/db/schema-evidence.js';
import type { CheckoutPlan } from '../../src/shared/commerce-rules.js';
import type { DeliveryRecord, StripeEvent } from '../../src/simulators/stripe/index.js';
import { GUILDS, serverId } from '../helpers/audits.js';
import {
  checkout,
  checkoutOf,
  createStripeTestApp,
  entitlementsOf,
  orderRow,
  pressOnHostedPage,
  sendSignedEvent,
  sessionIdOf,
  type StripeTestApp,
} from '../helpers/stripe.js';
import { DEMO } from '../helpers/test-app.js';

/** Stripe's events reaching POST /api/webhooks/stripe from the simulator, signed, retried, duplicated, late. */

let s: StripeTestApp;
let olivia: string;
let servers: string[];

beforeAll(async () => {
  s = await createStripeTestApp();
  olivia = await s.t.signIn(DEMO.olivia);
  servers = await Promise.all([GUILDS.typical, GUILDS.dangerous, GUILDS.large].map((g) => serverId(s.t, olivia, g)));
});
afterAll(async () => s?.close());

let next = 0;
/** Olivia's servers in turn, so each purchase is a fresh order (a pending one would be reused). */
const aServer = () => servers[next++ % servers.length] ?? '';

async function startPurchase(plan: CheckoutPlan = 'DIY') {
  const server = aServer();
  const { url, orderId } = checkoutOf(await checkout(s.t, olivia, { plan, serverId: server }));
  return { server, url, orderId, sessionId: sessionIdOf(url) };
}

const settle = () => s.control('webhooks/settle');
const deliveries = () => fetchJson<DeliveryRecord[]>('deliveries');
async function fetchJson<T>(path: string): Promise<T> {
  return (await (await fetch(`${s.sim.url}/__sim/${path}`)).json()) as T;
}
const eventsOf = (sessionId: string, type: string): StripeEvent[] =>
  [...s.sim.state.events.values()].filter(
    (event) => event.type === type && (event.data.object as { id: string }).id === sessionId,
  );
const paidEntitlements = async (server: string) =>
  (await entitlementsOf(s.t, DEMO.olivia, server)).filter((row) => row.source === 'stripe');

describe('a paid checkout', () => {
  it('is fulfilled once: the order completes and the plan is granted on its server', async () => {
    const purchase = await startPurchase();
    const before = (await paidEntitlements(purchase.server)).length;
    const paid = await pressOnHostedPage(purchase.url, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost/paywall/success?order_id=${purchase.orderId}`);
    await settle();

    const order = await orderRow(s.t, purchase.orderId);
    const session = await s.stripe.checkout.sessions.retrieve(purchase.sessionId);
    expect(order).toMatchObject({ status: 'completed', providerPaymentId: session.payment_intent });
    const granted = await paidEntitlements(purchase.server);
    expect(granted).toHaveLength(before + 1);
    expect(granted.find((row) => row.id === order.entitlementId)).toMatchObject({
      plan: 'DIY',
      paid: true,
      amountCents: 35_000,
    });
    const [completed] = eventsOf(purchase.sessionId, 'checkout.session.completed');
    expect((await deliveries()).filter((d) => d.eventId === completed?.id).map((d) => d.status)).toEqual([200]);
    const told = await s.t.database.db.select().from(notifications).where(eq(notifications.title, 'Payment received'));
    expect(told).toMatchObject([
      {
        type: 'SYSTEM_UPDATE',
        message: 'Your card payment of $350.00 for DIY Audit is complete.',
        actionUrl: '/billing',
      },
    ]);
  });

  it('grants one entitlement when the same event arrives 10 times at once', async () => {
    await s.control('webhooks/pause');
    const purchase = await startPurchase();
    const before = (await paidEntitlements(purchase.server)).length;
    await pressOnHostedPage(purchase.url, 'pay');
    const [completed] = eventsOf(purchase.sessionId, 'checkout.session.completed');
    const { statuses } = await s.control<{ statuses: number[] }>(`events/${completed?.id ?? ''}/redeliver`, {
      count: 10,
    });
    await s.control('webhooks/resume');
    await settle();
    expect(statuses).toEqual(Array(10).fill(200));
    expect(await paidEntitlements(purchase.server)).toHaveLength(before + 1);
    expect((await orderRow(s.t, purchase.orderId)).status).toBe('completed');
  });

  it('opens a service engagement for Full Service', async () => {
    const purchase = await startPurchase('FULL');
    await pressOnHostedPage(purchase.url, 'pay');
    await settle();
    const order = await orderRow(s.t, purchase.orderId);
    expect(order).toMatchObject({ status: 'completed', amountCents: 100_000 });
    const engagements = await s.t.database.db
      .select()
      .from(serviceEngagements)
      .where(eq(serviceEngagements.orderId, order.id));
    expect(engagements).toMatchObject([{ status: 'NEW', serverId: purchase.server, plan: 'FULL_SERVICE' }]);
  });

  it('is withdrawn by a refund: the entitlement goes and the order says refunded', async () => {
    const purchase = await startPurchase();
    await pressOnHostedPage(purchase.url, 'pay');
    await settle();
    const { entitlementId } = await orderRow(s.t, purchase.orderId);
    expect((await paidEntitlements(purchase.server)).some((row) => row.id === entitlementId)).toBe(true);

    await s.control(`sessions/${purchase.sessionId}/refund`);
    await settle();
    expect((await orderRow(s.t, purchase.orderId)).status).toBe('refunded');
    expect((await paidEntitlements(purchase.server)).some((row) => row.id === entitlementId)).toBe(false);
  });
});

describe('events out of order', () => {
  it('ignores an expired event that arrives after the payment: the session is read again first', async () => {
    const purchase = await startPurchase();
    await pressOnHostedPage(purchase.url, 'pay');
    await settle();
    const stale = { ...(await s.stripe.checkout.sessions.retrieve(purchase.sessionId)), status: 'expired', url: null };
    const late = await sendSignedEvent(s.t, {
      id: 'evt_late_expired',
      object: 'event',
      type: 'checkout.session.expired',
      data: { object: stale },
    });
    expect(late.statusCode).toBe(200);
    const order = await orderRow(s.t, purchase.orderId);
    expect(order.status).toBe('completed');
    expect((await paidEntitlements(purchase.server)).some((row) => row.id === order.entitlementId)).toBe(true);
  });

  it('does not believe a signed event claiming a payment the session does not show', async () => {
    const purchase = await startPurchase();
    const claimed = { ...(await s.stripe.checkout.sessions.retrieve(purchase.sessionId)), status: 'complete' };
    const response = await sendSignedEvent(s.t, {
      id: 'evt_claims_paid',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { ...claimed, payment_status: 'paid' } },
    });
    expect(response.statusCode).toBe(200);
    expect((await orderRow(s.t, purchase.orderId)).status).toBe('pending');
  });

  it('fulfils a delayed payment once whichever of its two events comes first', async () => {
    await s.control('webhooks/pause');
    const purchase = await startPurchase();
    const before = (await paidEntitlements(purchase.server)).length;
    await pressOnHostedPage(purchase.url, 'pay_delayed');
    await s.control(`sessions/${purchase.sessionId}/async-payment`, { outcome: 'succeeded' });
    const { statuses } = await s.control<{ statuses: number[] }>('webhooks/resume', { order: 'reverse' });
    expect(statuses).toEqual([200, 200]);
    expect((await orderRow(s.t, purchase.orderId)).status).toBe('completed');
    expect(await paidEntitlements(purchase.server)).toHaveLength(before + 1);
  });
});

describe('delayed payments and expiry', () => {
  it('waits while a delayed payment is on its way, then fulfils when it succeeds', async () => {
    const purchase = await startPurchase();
    await pressOnHostedPage(purchase.url, 'pay_delayed');
    await settle();
    expect(await orderRow(s.t, purchase.orderId)).toMatchObject({ status: 'pending', entitlementId: null });
    await s.control(`sessions/${purchase.sessionId}/async-payment`, { outcome: 'succeeded' });
    await settle();
    expect((await orderRow(s.t, purchase.orderId)).status).toBe('completed');
  });

  it('marks the order failed when a delayed payment fails, granting nothing', async () => {
    const purchase = await startPurchase();
    await pressOnHostedPage(purchase.url, 'pay_delayed');
    await s.control(`sessions/${purchase.sessionId}/async-payment`, { outcome: 'failed' });
    await settle();
    expect(await orderRow(s.t, purchase.orderId)).toMatchObject({
      status: 'failed',
      entitlementId: null,
      failureReason: 'The payment failed.',
    });
  });

  it('marks the order expired when its session expires', async () => {
    const purchase = await startPurchase();
    await s.stripe.checkout.sessions.expire(purchase.sessionId);
    await settle();
    expect(await orderRow(s.t, purchase.orderId)).toMatchObject({ status: 'expired', entitlementId: null });
  });

  it('leaves the order open when the card is declined or the buyer cancels', async () => {
    const purchase = await startPurchase();
    const declined = await pressOnHostedPage(purchase.url, 'decline');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const cancelled = await pressOnHostedPage(purchase.url, 'cancel');
    expect(cancelled.headers.get('location')).toBe('http://localhost/paywall');
    expect((await orderRow(s.t, purchase.orderId)).status).toBe('pending');
  });
});

describe('unknown events', () => {
  it('acknowledges them with 200, records them and changes nothing else', async () => {
    const purchase = await startPurchase();
    const response = await sendSignedEvent(s.t, {
      id: 'evt_customer_created',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    const recorded = await s.t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventKey, 'evt_customer_created'));
    expect(recorded).toMatchObject([{ provider: 'stripe', eventType: 'customer.created' }]);
    expect((await orderRow(s.t, purchase.orderId)).status).toBe('pending');
  });
});
