import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/server/db/schema-commerce.js';
import { GUILDS, serverId } from '../helpers/audits.js';
import {
  checkout,
  checkoutOk,
  freePort,
  nowPaymentsEnv,
  nowPaymentsWorld,
  type NowPaymentsWorld,
  orderRow,
} from '../helpers/nowpayments.js';
import { createTestApp, DEMO, TEST_PUBLIC_URL } from '../helpers/test-app.js';

let w: NowPaymentsWorld;
let eddie: string;
let olivia: string;
let studyHall: string;

beforeAll(async () => {
  w = await nowPaymentsWorld();
  eddie = await w.t.signIn(DEMO.eddie);
  olivia = await w.t.signIn(DEMO.olivia);
  studyHall = await serverId(w.t, eddie, GUILDS.studyHall);
});
afterAll(async () => w?.close());

const ordersOfServer = async () => w.t.database.db.select().from(orders).where(eq(orders.serverId, studyHall));

describe('POST /api/paywall/checkout/nowpayments', () => {
  it('creates a pending order priced from the price list and a hosted invoice for it', async () => {
    const { url, orderId } = await checkoutOk(w.t, eddie, { plan: 'DIY', serverId: studyHall });
    const iid = new URL(url).searchParams.get('iid');
    expect(url).toBe(`${w.sim.url}/payment/?iid=${iid}`);
    const order = await orderRow(w.t, orderId);
    expect(order).toMatchObject({
      provider: 'nowpayments',
      product: 'DIY',
      amountCents: 35_000,
      status: 'pending',
      serverId: studyHall,
      providerRef: iid,
    });
    const invoice = w.sim.state.invoices.get(iid ?? '');
    expect(invoice).toMatchObject({
      priceAmount: 350,
      priceCurrency: 'usd',
      orderId,
      ipnCallbackUrl: w.t.config.nowPayments?.ipnCallbackUrl,
      successUrl: `${TEST_PUBLIC_URL}/paywall/success?order_id=${orderId}`,
      cancelUrl: `${TEST_PUBLIC_URL}/paywall`,
    });
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ['350 USD', 'Pay with', 'Continue', 'Cancel']) expect(html).toContain(text);
  });

  it('prices Full Service and an extra audit from the price list, whatever else the body says', async () => {
    const full = await checkoutOk(w.t, eddie, { plan: 'FULL', serverId: studyHall, amount: 1, price_amount: 1 });
    const extra = await checkoutOk(w.t, eddie, { plan: 'EXTRA_AUDIT', serverId: studyHall });
    expect((await orderRow(w.t, full.orderId)).amountCents).toBe(100_000);
    expect((await orderRow(w.t, extra.orderId)).amountCents).toBe(5_000);
    const invoiceOf = (url: string) => w.sim.state.invoices.get(new URL(url).searchParams.get('iid') ?? '');
    expect(invoiceOf(full.url)?.priceAmount).toBe(1000);
    expect(invoiceOf(extra.url)?.priceAmount).toBe(50);
  });

  it.each([
    ['no plan', { serverId: 'SERVER' }],
    ['an unknown plan', { plan: 'GOLD', serverId: 'SERVER' }],
    ['no server', { plan: 'DIY' }],
    ['a server id that is not one', { plan: 'DIY', serverId: 'study-hall' }],
  ])('refuses %s with 400 and creates nothing', async (_name, body) => {
    const before = (await ordersOfServer()).length;
    const withServer = JSON.parse(JSON.stringify(body).replace('SERVER', studyHall)) as object;
    const response = await checkout(w.t, eddie, withServer);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    expect(await ordersOfServer()).toHaveLength(before);
  });

  it('answers a visitor 401', async () => {
    const response = await checkout(w.t, undefined, { plan: 'DIY', serverId: studyHall });
    expect(response.statusCode).toBe(401);
  });

  it('answers another owner 404 for a server they may not manage, and creates nothing', async () => {
    const before = (await ordersOfServer()).length;
    const invoices = w.sim.state.invoices.size;
    const response = await checkout(w.t, olivia, { plan: 'DIY', serverId: studyHall });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(await ordersOfServer()).toHaveLength(before);
    expect(w.sim.state.invoices.size).toBe(invoices);
  });

  it('refuses a cross-site request', async () => {
    const response = await w.t.app.inject({
      method: 'POST',
      url: '/api/paywall/checkout/nowpayments',
      headers: { cookie: eddie, origin: 'https://evil.example' },
      payload: { plan: 'DIY', serverId: studyHall },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('when NOWPayments is down or refuses us', () => {
  it.each([
    ['down', async () => nowPaymentsEnv(`http://127.0.0.1:${await freePort()}`)],
    ['refusing our API key', async () => ({ ...nowPaymentsEnv(w.sim.url), NOWPAYMENTS_API_KEY: 'not-our-key' })],
  ])('answers 502 UPSTREAM_UNAVAILABLE when it is %s, and closes the order', async (_name, env) => {
    const t = await createTestApp(await env());
    try {
      const cookie = await t.signIn(DEMO.eddie);
      const server = await serverId(t, cookie, GUILDS.studyHall);
      const response = await checkout(t, cookie, { plan: 'DIY', serverId: server });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ error: { code: 'UPSTREAM_UNAVAILABLE' } });
      const stored = await t.database.db.select().from(orders).where(eq(orders.serverId, server));
      expect(stored.map((order) => order.status)).toEqual(['failed']);
    } finally {
      await t.close();
    }
  });
});
