import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowPaymentsClient, NowPaymentsUnavailable } from './nowpayments.js';

/** Canned answers by path, in the loose types NOWPayments and its copies are seen sending. */
const ANSWERS: Record<string, { status: number; body: string }> = {
  'POST /v1/invoice': {
    status: 200,
    body: JSON.stringify({
      id: 5612340952,
      invoice_url: 'https://nowpayments.io/payment/?iid=5612340952',
      price_amount: '350',
    }),
  },
  'GET /v1/payment/1': {
    status: 200,
    body: JSON.stringify({
      payment_id: '1',
      invoice_id: '5612340952',
      payment_status: 'finished',
      order_id: 'ord',
      price_amount: '350.0',
      price_currency: 'usd',
      actually_paid: '0.11666667',
    }),
  },
  'GET /v1/payment/2': {
    status: 200,
    body: JSON.stringify({ payment_id: 2, payment_status: 'waiting', price_amount: 350, price_currency: 'usd' }),
  },
  'GET /v1/payment/3': { status: 200, body: JSON.stringify({ payment_id: 'three', payment_status: 'waiting' }) },
  'GET /v1/payment/4': { status: 200, body: '<html>maintenance</html>' },
  'GET /v1/payment/5': { status: 500, body: '{"status":false,"statusCode":500}' },
};

let server: Server;
let apiBase: string;
const seen: { method: string; url: string; key: string | undefined; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        key: request.headers['x-api-key'] as string,
        body,
      });
      const answer = ANSWERS[`${request.method} ${request.url}`] ?? {
        status: 404,
        body: '{"status":false,"statusCode":404,"code":"PAYMENT_NOT_FOUND","message":"not found"}',
      };
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => nowPaymentsClient({ apiBase, apiKey: 'key-1' });

describe('the NOWPayments client', () => {
  it('creates an invoice with our key and fields, reading a numeric id as a string and a string amount as a number', async () => {
    const invoice = await client().createInvoice({
      priceAmount: 350,
      priceCurrency: 'usd',
      orderId: 'ord',
      orderDescription: 'DIY Audit: Study Hall',
      ipnCallbackUrl: 'https://app.example/api/webhooks/nowpayments',
      successUrl: 'https://app.example/paywall/success?order_id=ord',
      cancelUrl: 'https://app.example/paywall',
    });
    expect(invoice).toEqual({
      id: '5612340952',
      invoice_url: 'https://nowpayments.io/payment/?iid=5612340952',
      price_amount: 350,
    });
    const sent = seen.find((request) => request.url === '/v1/invoice');
    expect(sent?.key).toBe('key-1');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ price_amount: 350, price_currency: 'usd', order_id: 'ord' });
  });

  it('reads payments whose ids and amounts come as strings or numbers, and missing optional fields', async () => {
    expect(await client().getPayment('1')).toEqual({
      payment_id: '1',
      invoice_id: '5612340952',
      payment_status: 'finished',
      order_id: 'ord',
      price_amount: 350,
      price_currency: 'usd',
      actually_paid: 0.11666667,
    });
    expect(await client().getPayment('2')).toMatchObject({
      payment_id: '2',
      invoice_id: null,
      order_id: null,
      actually_paid: 0,
    });
  });

  it('answers null for a payment NOWPayments does not know', async () => {
    expect(await client().getPayment('999')).toBeNull();
  });

  it('reports an unreadable answer, an error status or no answer at all as unavailable', async () => {
    for (const id of ['3', '4', '5'])
      await expect(client().getPayment(id)).rejects.toBeInstanceOf(NowPaymentsUnavailable);
    const closed = nowPaymentsClient({ apiBase: 'http://127.0.0.1:1/v1', apiKey: 'key-1' });
    await expect(closed.getPayment('1')).rejects.toBeInstanceOf(NowPaymentsUnavailable);
  });
});
