import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '../../src/shared/contracts/payments.js';
import { GUILDS, serverId } from '../helpers/audits.js';
import { pdfText } from '../helpers/pdf-content.js';
import {
  checkout,
  checkoutOf,
  createStripeTestApp,
  orderRow,
  pressOnHostedPage,
  type StripeTestApp,
} from '../helpers/stripe.js';
import { DEMO } from '../helpers/test-app.js';

/** GET /api/payments and GET /api/payments/{id}/receipt after real card purchases on the simulator. */

let s: StripeTestApp;
let olivia: string;
let eddie: string;
let ada: string;
let paidOrderId: string;
let pendingOrderId: string;

beforeAll(async () => {
  s = await createStripeTestApp();
  olivia = await s.t.signIn(DEMO.olivia);
  eddie = await s.t.signIn(DEMO.eddie);
  ada = await s.t.signIn(DEMO.ada);
  const pixelPlaza = await serverId(s.t, olivia, GUILDS.typical);
  const paid = checkoutOf(await checkout(s.t, olivia, { plan: 'DIY', serverId: pixelPlaza }));
  await pressOnHostedPage(paid.url, 'pay');
  await s.control('webhooks/settle');
  paidOrderId = paid.orderId;
  const dangerous = await serverId(s.t, olivia, GUILDS.dangerous);
  pendingOrderId = checkoutOf(await checkout(s.t, olivia, { plan: 'FULL', serverId: dangerous })).orderId;
});
afterAll(async () => s?.close());

const payments = (cookie?: string) =>
  s.t.app.inject({ method: 'GET', url: '/api/payments', headers: cookie === undefined ? {} : { cookie } });
const receipt = (id: string, cookie?: string) =>
  s.t.app.inject({
    method: 'GET',
    url: `/api/payments/${id}/receipt`,
    headers: cookie === undefined ? {} : { cookie },
  });

describe('GET /api/payments', () => {
  it('lists the caller’s payments newest first, with server, amount and status', async () => {
    const response = await payments(olivia);
    expect(response.statusCode).toBe(200);
    const list = response.json<Payment[]>();
    expect(list.map((payment) => payment.id)).toEqual([pendingOrderId, paidOrderId]);
    expect(list[1]).toMatchObject({
      serverName: 'Pixel Plaza',
      type: 'DIY',
      provider: 'stripe',
      amount: 350,
      amountCents: 35_000,
      cryptoAmount: null,
      status: 'completed',
    });
    expect(list[1]?.completedAt).not.toBeNull();
    expect(list[0]).toMatchObject({ type: 'FULL_SERVICE', amount: 1000, status: 'pending', completedAt: null });
  });

  it('shows nobody else’s payments, not even to staff', async () => {
    expect((await payments(eddie)).json()).toEqual([]);
    expect((await payments(ada)).json()).toEqual([]);
  });

  it('answers 401 to a visitor', async () => {
    expect((await payments()).statusCode).toBe(401);
  });
});

describe('GET /api/payments/{id}/receipt', () => {
  it('is a PDF receipt of a completed payment', async () => {
    const response = await receipt(paidOrderId, olivia);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="rampart-receipt-${paidOrderId}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    const order = await orderRow(s.t, paidOrderId);
    for (const shown of [
      'Rampart Payment Receipt',
      paidOrderId,
      'DIY Audit for Pixel Plaza',
      '$350.00 USD',
      'Card (Stripe)',
      order.providerPaymentId ?? 'no payment intent',
      'Olivia Owner',
    ]) {
      expect(text).toContain(shown);
    }
  });

  it('answers 409 for a payment not completed', async () => {
    const response = await receipt(pendingOrderId, olivia);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'CONFLICT',
      message: 'A receipt is available once the payment has completed.',
    });
  });

  it('answers 404 for someone else’s payment or an unknown one, staff included, and 401 to a visitor', async () => {
    const other = await receipt(paidOrderId, eddie);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toEqual({ code: 'NOT_FOUND', message: 'Payment not found' });
    expect((await receipt(paidOrderId, ada)).statusCode).toBe(404);
    expect((await receipt('00000000-0000-4000-8000-000000000000', olivia)).json()).toEqual(other.json());
    expect((await receipt(paidOrderId)).statusCode).toBe(401);
  });

  it('answers 400 to an id that is not one', async () => {
    expect((await receipt('not-an-id', olivia)).statusCode).toBe(400);
  });
});
