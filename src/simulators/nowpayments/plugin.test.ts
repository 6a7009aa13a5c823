import { createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowPaymentsSimulator } from './plugin.js';
import { ipnSignature } from './signature.js';
import { NowPaymentsState } from './state.js';

const KEY = 'sim-key';
const SECRET = 'sim-secret';
const PREFIX = '/_sim/nowpayments';

let app: FastifyInstance;
let state: NowPaymentsState;

beforeAll(async () => {
  state = new NowPaymentsState({ apiKey: KEY, ipnSecret: SECRET, stepMs: 5 });
  app = Fastify({ logger: false });
  await app.register(nowPaymentsSimulator, {
    prefix: PREFIX,
    state,
    apiKey: KEY,
    ipnSecret: SECRET,
    publicBase: 'https://pay.example',
  });
});
afterAll(async () => app.close());

const api = (method: 'GET' | 'POST', path: string, payload?: object, key: string | null = KEY) =>
  app.inject({
    method,
    url: `${PREFIX}${path}`,
    headers: key === null ? {} : { 'x-api-key': key },
    ...(payload ? { payload } : {}),
  });

describe('the NOWPayments simulator, mounted under a prefix', () => {
  it('refuses a missing or wrong API key with NOWPayments’ 403 body, except on /v1/status', async () => {
    for (const key of [null, 'wrong']) {
      const response = await api('GET', '/v1/currencies', undefined, key);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        status: false,
        statusCode: 403,
        code: 'INVALID_API_KEY',
        message: 'Invalid api key',
      });
    }
    expect((await api('GET', '/v1/status', undefined, null)).json()).toEqual({ message: 'OK' });
  });

  it('lists currencies and answers estimates and minimum amounts as numbers', async () => {
    expect((await api('GET', '/v1/currencies')).json()).toEqual({
      currencies: ['btc', 'eth', 'sol', 'usdc', 'usdcsol', 'usdttrc20'],
    });
    expect((await api('GET', '/v1/estimate?amount=50&currency_from=usd&currency_to=sol')).json()).toEqual({
      currency_from: 'usd',
      amount_from: 50,
      currency_to: 'sol',
      estimated_amount: 0.33333333,
    });
    const min = (await api('GET', '/v1/min-amount?currency_from=eth&currency_to=usdc&fiat_equivalent=usd')).json();
    expect(min).toEqual({ currency_from: 'eth', currency_to: 'usdc', min_amount: 0.00066667, fiat_equivalent: 2 });
    expect((await api('GET', '/v1/estimate?amount=50&currency_from=usd&currency_to=doge')).statusCode).toBe(400);
  });

  it('creates invoices with string id and price_amount and an invoice_url on its public base', async () => {
    const response = await api('POST', '/v1/invoice', { price_amount: 350, price_currency: 'usd', order_id: 'ord_1' });
    expect(response.statusCode).toBe(200);
    const invoice = response.json<Record<string, unknown>>();
    expect(invoice).toMatchObject({ price_amount: '350', price_currency: 'usd', order_id: 'ord_1' });
    expect(typeof invoice.id).toBe('string');
    expect(invoice.invoice_url).toBe(`https://pay.example/payment/?iid=${String(invoice.id)}`);
    for (const bad of [{ price_amount: 0, price_currency: 'usd' }, { price_amount: 5 }]) {
      expect((await api('POST', '/v1/invoice', bad)).json()).toMatchObject({ status: false, statusCode: 400 });
    }
  });

  it('creates payments with a numeric payment_id, reads them back, and answers 404 for unknown ones', async () => {
    const created = await api('POST', '/v1/payment', { price_amount: 50, price_currency: 'usd', pay_currency: 'eth' });
    expect(created.statusCode).toBe(201);
    const payment = created.json<{ payment_id: number; pay_amount: number; payment_status: string }>();
    expect(typeof payment.payment_id).toBe('number');
    expect(payment).toMatchObject({ payment_status: 'waiting', pay_amount: 0.01666667 });
    expect((await api('GET', `/v1/payment/${payment.payment_id}`)).json()).toMatchObject({
      payment_id: payment.payment_id,
    });
    const missing = await api('GET', '/v1/payment/1');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: false, statusCode: 404 });
  });

  it('serves the hosted invoice page with the amount, a coin picker and the buyer’s buttons', async () => {
    const invoice = (
      await api('POST', '/v1/invoice', {
        price_amount: 1000,
        price_currency: 'usd',
        cancel_url: 'https://shop.example/paywall',
      })
    ).json<{ id: string }>();
    const page = await app.inject({ method: 'GET', url: `${PREFIX}/payment/?iid=${invoice.id}` });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('1000 USD');
    expect(page.body).toContain('<legend>Pay with</legend>');
    expect(page.body).toContain('href="https://shop.example/paywall">Cancel</a>');
    const chose = await app.inject({
      method: 'POST',
      url: `${PREFIX}/payment/?iid=${invoice.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=choose&pay_currency=sol',
    });
    expect(chose.statusCode).toBe(303);
    const paying = await app.inject({ method: 'GET', url: String(chose.headers.location) });
    for (const button of ['Pay in full', 'Pay partially', 'Let it expire']) expect(paying.body).toContain(button);
    expect(paying.body).toContain('6.66666667 SOL');
    expect((await app.inject({ method: 'GET', url: `${PREFIX}/payment/?iid=nope` })).statusCode).toBe(404);
    const stored = await app.inject({ method: 'GET', url: `${PREFIX}/__sim/invoices/${invoice.id}` });
    expect(stored.json()).toMatchObject({ id: invoice.id, paymentId: expect.any(Number) as number });
    // Without an ipn_callback_url nothing is sent.
    expect((await app.inject({ method: 'GET', url: `${PREFIX}/__sim/ipn/deliveries` })).json()).toEqual([]);
  });
});

describe('its IPN signature', () => {
  it('is HMAC-SHA512 over the JSON with keys sorted at every depth', () => {
    const body = { b: 1, fee: { z: 1, a: 2 }, a: [{ y: 1, x: 2 }] };
    const expected = createHmac('sha512', SECRET)
      .update('{"a":[{"x":2,"y":1}],"b":1,"fee":{"a":2,"z":1}}')
      .digest('hex');
    expect(ipnSignature(body, SECRET)).toBe(expected);
  });
});
