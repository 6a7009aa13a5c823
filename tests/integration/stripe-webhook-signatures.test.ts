import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../../src/server/db/schema-commerce.js';
import type { DeliveryRecord } from '../../src/simulators/stripe/index.js';
import { GUILDS, serverId } from '../helpers/audits.js';
import {
  checkout,
  checkoutOf,
  createStripeTestApp,
  orderRow,
  pressOnHostedPage,
  sendSignedEvent,
  sessionIdOf,
  type StripeTestApp,
  stripeEvent,
  TEST_STRIPE,
} from '../helpers/stripe.js';
import { DEMO } from '../helpers/test-app.js';

/**
 * Only deliveries signed with our endpoint secret over their exact bytes, within 300 s, are acted on;
 * anything else answers 400 and changes nothing. Stripe retries a refused delivery, so one that fails
 * and then succeeds is acted on once.
 */

let s: StripeTestApp;
let olivia: string;
let pixelPlaza: string;

beforeAll(async () => {
  // Retries far enough apart for a test to change the delivery mode between two attempts.
  s = await createStripeTestApp({ retryDelaysMs: [300, 300, 300] });
  olivia = await s.t.signIn(DEMO.olivia);
  pixelPlaza = await serverId(s.t, olivia, GUILDS.typical);
});
afterAll(async () => s?.close());

const settle = () => s.control('webhooks/settle');
const deliveriesOf = async (eventId: string) =>
  ((await (await fetch(`${s.sim.url}/__sim/deliveries`)).json()) as DeliveryRecord[]).filter(
    (delivery) => delivery.eventId === eventId,
  );
const completedEventOf = (sessionId: string) =>
  [...s.sim.state.events.values()].find(
    (event) => event.type === 'checkout.session.completed' && (event.data.object as { id: string }).id === sessionId,
  )?.id ?? '';

async function payFresh() {
  // The previous purchase is settled one way or another, so each test pays for an order of its own.
  await s.t.database.db.delete(webhookEvents);
  const { url, orderId } = checkoutOf(await checkout(s.t, olivia, { plan: 'DIY', serverId: pixelPlaza }));
  await pressOnHostedPage(url, 'pay');
  return { orderId, eventId: completedEventOf(sessionIdOf(url)) };
}

async function expectUntouched(orderId: string) {
  expect(await orderRow(s.t, orderId)).toMatchObject({ status: 'pending', entitlementId: null });
  expect(await s.t.database.db.select().from(webhookEvents)).toEqual([]);
}

describe('the Stripe webhook signature', () => {
  it('refuses a delivery signed with another secret, every retry, and changes nothing', async () => {
    await s.control('webhooks/mode', { mode: 'bad-signature' });
    const { orderId, eventId } = await payFresh();
    await settle();
    expect((await deliveriesOf(eventId)).map((d) => d.status)).toEqual([400, 400, 400, 400]);
    await expectUntouched(orderId);
    await s.control('webhooks/mode', { mode: 'normal' });
    await s.control(`events/${eventId}/redeliver`);
    expect((await orderRow(s.t, orderId)).status).toBe('completed');
  });

  it('refuses a stale timestamp (older than 300 s) with 400', async () => {
    await s.control('webhooks/mode', { mode: 'stale-timestamp' });
    const { orderId, eventId } = await payFresh();
    await settle();
    await s.control('webhooks/mode', { mode: 'normal' });
    expect((await deliveriesOf(eventId)).map((d) => d.status)).toEqual([400, 400, 400, 400]);
    await expectUntouched(orderId);
  });

  it('acts on a refused delivery when Stripe retries it correctly signed, once', async () => {
    await s.control('webhooks/mode', { mode: 'bad-signature' });
    const { orderId, eventId } = await payFresh();
    const deadline = Date.now() + 5_000;
    while ((await deliveriesOf(eventId)).length === 0 && Date.now() < deadline) await sleep(10);
    await s.control('webhooks/mode', { mode: 'normal' });
    await settle();
    expect((await deliveriesOf(eventId)).map((d) => d.status)).toEqual([400, 200]);
    expect((await orderRow(s.t, orderId)).status).toBe('completed');
  });

  it('answers 400 to a missing signature, a wrong secret, an old timestamp or a changed body', async () => {
    const event = stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }, 'evt_refused');
    const cases = [
      { options: { signature: null }, message: 'Missing Stripe-Signature header.' },
      { options: { secret: 'whsec_someone_else' }, message: 'No signatures found matching the expected signature' },
      {
        options: { timestamp: Math.floor(Date.now() / 1000) - 301 },
        message: 'Timestamp outside the tolerance zone',
      },
      { options: { signature: 't=1,v1=abc' }, message: 'Webhook signature verification failed' },
    ];
    for (const { options, message } of cases) {
      const response = await sendSignedEvent(s.t, event, options);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
      expect(response.json().error.message).toContain(message);
    }
    const recorded = await s.t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventKey, 'evt_refused'));
    expect(recorded).toEqual([]);
  });

  it('refuses a body changed after signing', async () => {
    const payload = JSON.stringify(stripeEvent('customer.created', { id: 'cus_2' }, 'evt_changed'), null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_STRIPE.webhookSecret });
    const response = await s.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: payload.replace('cus_2', 'cus_3'),
    });
    expect(response.statusCode).toBe(400);
  });

  it('takes JSON only', async () => {
    const response = await s.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=abc' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(415);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
