import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStripeSimulator, startStripeSimulator } from './standalone.js';

/** The simulator as stripe-node and a webhook endpoint see it: Stripe's paths, errors, idempotency and signatures. */

const KEY = 'sk_test_simulator_unit';
const SECRET = 'whsec_simulator_unit';

let sim: RunningStripeSimulator;
let stripe: Stripe;
let endpoint: Server;
const received: { body: string; signature: string }[] = [];

const PARAMS = {
  mode: 'payment',
  line_items: [{ quantity: 2, price_data: { currency: 'usd', unit_amount: 5000, product_data: { name: 'Audit' } } }],
  success_url: 'http://app.test/done?session={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://app.test/back',
  metadata: { order_id: 'o-1' },
} satisfies Stripe.Checkout.SessionCreateParams;

beforeAll(async () => {
  endpoint = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ body, signature: String(request.headers['stripe-signature']) });
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const address = endpoint.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  sim = await startStripeSimulator({ apiKey: KEY, webhookSecret: SECRET, webhookUrl: `http://127.0.0.1:${port}/` });
  stripe = new Stripe(KEY, {
    host: '127.0.0.1',
    port: Number(new URL(sim.url).port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await sim?.close();
  endpoint?.close();
});

describe('the Stripe simulator API', () => {
  it('creates an open, unpaid session totalling its line items, with its hosted page', async () => {
    const session = await stripe.checkout.sessions.create(PARAMS);
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 10_000,
      currency: 'usd',
      metadata: { order_id: 'o-1' },
      payment_intent: null,
      livemode: false,
      url: `${sim.url}/c/pay/${session.id}`,
    });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
  });

  it('refuses a wrong key with 401 and missing or unknown parameters with Stripe’s 400s', async () => {
    const wrong = new Stripe('sk_test_other', {
      host: '127.0.0.1',
      port: Number(new URL(sim.url).port),
      protocol: 'http',
    });
    await expect(wrong.checkout.sessions.create(PARAMS)).rejects.toMatchObject({ statusCode: 401 });
    await expect(stripe.checkout.sessions.create({ ...PARAMS, line_items: [{ quantity: 1 }] })).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'line_items[0][price_data]',
    });
    const unknown = { ...PARAMS, colour: 'red' } as Stripe.Checkout.SessionCreateParams;
    await expect(stripe.checkout.sessions.create(unknown)).rejects.toMatchObject({ code: 'parameter_unknown' });
    await expect(stripe.checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such checkout.session: 'cs_test_missing'",
    });
  });

  it('replays an idempotent request and refuses the key with other parameters', async () => {
    const first = await stripe.checkout.sessions.create(PARAMS, { idempotencyKey: 'unit-key' });
    const again = await stripe.checkout.sessions.create(PARAMS, { idempotencyKey: 'unit-key' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(
      stripe.checkout.sessions.create({ ...PARAMS, metadata: { order_id: 'o-2' } }, { idempotencyKey: 'unit-key' }),
    ).rejects.toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
  });

  it('expires only an open session, and signs the event it delivers so constructEvent accepts it', async () => {
    const session = await stripe.checkout.sessions.create(PARAMS);
    received.length = 0;
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
    await fetch(`${sim.url}/__sim/webhooks/settle`, { method: 'POST' });
    const [delivery] = received;
    if (delivery === undefined) throw new Error('no delivery');
    const event = stripe.webhooks.constructEvent(delivery.body, delivery.signature, SECRET);
    expect(event.type).toBe('checkout.session.expired');
    expect(delivery.body).toBe(JSON.stringify(await stripe.events.retrieve(event.id), null, 2));
  });
});

describe('the hosted checkout page', () => {
  it('shows the items, the total and the four buttons, and pays into success_url', async () => {
    const session = await stripe.checkout.sessions.create(PARAMS);
    const page = await (await fetch(session.url ?? '')).text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('Audit × 2');
    expect(page).toContain('$100.00');
    for (const button of ['Pay', 'Pay (delayed)', 'Decline', 'Cancel']) expect(page).toContain(`>${button}</button>`);
    const paid = await fetch(session.url ?? '', {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay', email: 'buyer@test' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/done?session=${session.id}`);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      url: null,
      customer_details: { email: 'buyer@test' },
    });
    expect(await (await fetch(`${sim.url}/c/pay/${session.id}`)).text()).toContain(
      'This Checkout Session is complete.',
    );
  });
});
