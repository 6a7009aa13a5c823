import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATED_NOWPAYMENTS_ACCOUNT } from '../../src/server/config-nowpayments.js';
import type { CheckoutResponse } from '../../src/shared/contracts/payments.js';
import { ipnSignature } from '../../src/simulators/nowpayments/signature.js';
import { GUILDS, serverId } from '../helpers/audits.js';
import {
  checkoutOk,
  control,
  deliveries,
  entitlementsOfServer,
  eventually,
  freePort,
  handledKeys,
  nowPaymentsEnv,
  nowPaymentsWorld,
  type NowPaymentsWorld,
  orderRow,
  pressOnInvoicePage,
  WEBHOOK_PATH,
} from '../helpers/nowpayments.js';
import { createTestApp, DEMO } from '../helpers/test-app.js';

let w: NowPaymentsWorld;
let eddie: string;
let studyHall: string;

beforeAll(async () => {
  w = await nowPaymentsWorld();
  eddie = await w.t.signIn(DEMO.eddie);
  studyHall = await serverId(w.t, eddie, GUILDS.studyHall);
});
afterAll(async () => w?.close());

/** A DIY checkout whose buyer has picked ETH on the invoice page: the order and its payment's id. */
async function startedPayment(): Promise<CheckoutResponse & { paymentId: number }> {
  const started = await checkoutOk(w.t, eddie, { plan: 'DIY', serverId: studyHall });
  const page = await pressOnInvoicePage(started.url, { action: 'choose', pay_currency: 'eth' });
  expect(page).toContain('Pay in full');
  const invoice = w.sim.state.invoices.get(new URL(started.url).searchParams.get('iid') ?? '');
  if (invoice?.paymentId == null) throw new Error('picking a coin created no payment');
  const paymentId = invoice.paymentId;
  // The new payment's 'waiting' IPN is sent in the background: tests start once it has been handled.
  await eventually(async () =>
    expect((await deliveriesOf(paymentId)).some((delivery) => delivery.delivered)).toBe(true),
  );
  return { ...started, paymentId };
}

const paidEntitlements = async (orderId: string) => {
  const order = await orderRow(w.t, orderId);
  return (await entitlementsOfServer(w.t, studyHall)).filter((row) => row.id === order.entitlementId);
};

const deliveriesOf = async (paymentId: number) =>
  (await deliveries(w.sim)).filter((delivery) => delivery.paymentId === paymentId);

const postIpn = (body: object, signature?: string) =>
  w.t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-nowpayments-sig': signature }),
    },
    payload: JSON.stringify(body),
  });

describe('a crypto invoice paid in full on the hosted page', () => {
  it('walks waiting → finished, each IPN answered 200, and fulfils the order once, on finished', async () => {
    const { url, orderId, paymentId } = await startedPayment();
    await pressOnInvoicePage(url, { action: 'full' });
    await eventually(async () => expect((await orderRow(w.t, orderId)).status).toBe('completed'));
    await eventually(async () =>
      expect((await deliveriesOf(paymentId)).map((delivery) => delivery.status)).toEqual([
        'waiting',
        'confirming',
        'confirmed',
        'sending',
        'finished',
      ]),
    );
    for (const delivery of await deliveriesOf(paymentId)) expect(delivery.attempts).toEqual([200]);
    const order = await orderRow(w.t, orderId);
    expect(order.providerPaymentId).toBe(String(paymentId));
    expect(await paidEntitlements(orderId)).toMatchObject([{ plan: 'DIY', paid: true, amountCents: 35_000 }]);
    expect(await pressOnInvoicePage(url, { action: 'full' })).toContain('Return to the shop');
  });

  it('grants nothing while the payment is confirming, confirmed or sending', async () => {
    const { orderId, paymentId } = await startedPayment();
    for (const status of ['confirming', 'confirmed', 'sending']) {
      await control(w.sim, `/payments/${paymentId}/status`, { status });
    }
    await deliveries(w.sim);
    expect((await orderRow(w.t, orderId)).status).toBe('pending');
    await control(w.sim, `/payments/${paymentId}/status`, { status: 'finished', actually_paid: 0.11666667 });
    await eventually(async () => expect((await orderRow(w.t, orderId)).status).toBe('completed'));
  });
});

describe('payments that grant nothing', () => {
  it('a partial payment leaves the order pending', async () => {
    const { url, orderId, paymentId } = await startedPayment();
    await pressOnInvoicePage(url, { action: 'partial' });
    await eventually(async () =>
      expect((await deliveriesOf(paymentId)).at(-1)).toMatchObject({ status: 'partially_paid', attempts: [200] }),
    );
    expect(await orderRow(w.t, orderId)).toMatchObject({ status: 'pending', entitlementId: null });
    expect(await pressOnInvoicePage(url, { action: 'full' })).toContain('the invoice is not paid');
  });

  it('an invoice left to expire closes the order as expired', async () => {
    const { url, orderId } = await startedPayment();
    await pressOnInvoicePage(url, { action: 'expire' });
    await eventually(async () => expect((await orderRow(w.t, orderId)).status).toBe('expired'));
  });

  it('a failed payment closes the order as failed', async () => {
    const { orderId, paymentId } = await startedPayment();
    await control(w.sim, `/payments/${paymentId}/status`, { status: 'failed' });
    await eventually(async () => expect((await orderRow(w.t, orderId)).status).toBe('failed'));
  });
});

describe('forged, replayed and unconfirmed callbacks', () => {
  it('refuses badly signed IPNs with 400 on every retry and changes nothing', async () => {
    const { orderId, paymentId } = await startedPayment();
    const keys = await handledKeys(w.t);
    await control(w.sim, '/ipn/bad-signature', { enabled: true });
    try {
      await control(w.sim, `/payments/${paymentId}/status`, { status: 'finished', actually_paid: 0.11666667 });
      const [forged] = (await deliveriesOf(paymentId)).slice(-1);
      expect(forged).toMatchObject({ status: 'finished', attempts: [400, 400, 400], delivered: false });
    } finally {
      await control(w.sim, '/ipn/bad-signature', { enabled: false });
    }
    expect((await orderRow(w.t, orderId)).status).toBe('pending');
    expect(await handledKeys(w.t)).toEqual(keys);
  });

  it('refuses an IPN without a signature, or with one over a changed nested fee, with 400', async () => {
    const { paymentId } = await startedPayment();
    const [signed] = await deliveriesOf(paymentId);
    if (signed === undefined) throw new Error('no IPN was sent');
    expect(signed.body.fee).toMatchObject({ currency: 'eth' });
    expect((await postIpn(signed.body)).statusCode).toBe(400);
    const changedFee = { ...signed.body, fee: { ...(signed.body.fee as object), serviceFee: 0 } };
    expect((await postIpn(changedFee, signed.signature)).statusCode).toBe(400);
    expect((await postIpn(signed.body, 'ab'.repeat(64))).statusCode).toBe(400);
  });

  it('verifies the nested fee object: a signature over the deep-sorted body passes, the flat-sorted one does not', async () => {
    const { paymentId } = await startedPayment();
    const [signed] = await deliveriesOf(paymentId);
    if (signed === undefined) throw new Error('no IPN was sent');
    const body = { ...signed.body, payment_status: 'confirming' };
    const secret = SIMULATED_NOWPAYMENTS_ACCOUNT.ipnSecret;
    const { createHmac } = await import('node:crypto');
    const flat = createHmac('sha512', secret)
      .update(JSON.stringify(body, Object.keys(body).sort()))
      .digest('hex');
    expect((await postIpn(body, flat)).statusCode).toBe(400);
    const response = await postIpn(body, ipnSignature(body, secret));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
  });

  it('ignores a replayed IPN: a captured finished callback cannot grant again after a refund', async () => {
    const { url, orderId, paymentId } = await startedPayment();
    await pressOnInvoicePage(url, { action: 'full' });
    await eventually(async () => expect((await orderRow(w.t, orderId)).status).toBe('completed'));
    const reads = () => w.sim.state.apiCalls.filter((call) => call === `GET /v1/payment/${paymentId}`).length;
    const readsBefore = reads();
    await control(w.sim, `/payments/${paymentId}/redeliver`);
    const replayed = (await deliveriesOf(paymentId)).at(-1);
    expect(replayed).toMatchObject({ status: 'finished', attempts: [200] });
    // Recognised as already handled before the API is even asked.
    expect(reads()).toBe(readsBefore);
    expect(await paidEntitlements(orderId)).toHaveLength(1);

    await control(w.sim, `/payments/${paymentId}/status`, { status: 'refunded' });
    await eventually(async () => expect((await orderRow(w.t, orderId)).status).toBe('refunded'));
    const entitlementId = (await orderRow(w.t, orderId)).entitlementId;
    expect((await entitlementsOfServer(w.t, studyHall)).some((row) => row.id === entitlementId)).toBe(false);
    const [finished] = (await deliveriesOf(paymentId)).filter((delivery) => delivery.status === 'finished');
    if (finished === undefined) throw new Error('no finished IPN');
    const response = await postIpn(finished.body, finished.signature);
    expect(response.statusCode).toBe(200);
    expect((await orderRow(w.t, orderId)).status).toBe('refunded');
  });

  it('does not fulfil when the IPN says finished but the API still says waiting, and does once the API agrees', async () => {
    const { orderId, paymentId } = await startedPayment();
    await control(w.sim, `/payments/${paymentId}/api-status`, { status: 'waiting' });
    await control(w.sim, `/payments/${paymentId}/status`, { status: 'finished', actually_paid: 0.11666667 });
    expect((await deliveriesOf(paymentId)).at(-1)).toMatchObject({ status: 'finished', attempts: [200] });
    expect(await orderRow(w.t, orderId)).toMatchObject({ status: 'pending', entitlementId: null });

    await control(w.sim, `/payments/${paymentId}/api-status`, { status: null });
    await control(w.sim, `/payments/${paymentId}/redeliver`);
    await eventually(async () => expect((await orderRow(w.t, orderId)).status).toBe('completed'));
  });

  it('ignores a signed IPN about a payment that is not for one of our orders', async () => {
    const created = await fetch(`${w.sim.url}/v1/payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': SIMULATED_NOWPAYMENTS_ACCOUNT.apiKey },
      body: JSON.stringify({ price_amount: 350, price_currency: 'usd', pay_currency: 'sol', order_id: 'elsewhere' }),
    });
    const payment = (await created.json()) as { payment_id: number };
    const body = { payment_id: payment.payment_id, payment_status: 'finished', actually_paid: 2.33, order_id: 'x' };
    await control(w.sim, `/payments/${payment.payment_id}/status`, { status: 'finished' });
    const response = await postIpn(body, ipnSignature(body, SIMULATED_NOWPAYMENTS_ACCOUNT.ipnSecret));
    expect(response.statusCode).toBe(200);
  });
});

describe('when NOWPayments cannot be asked', () => {
  it('answers a genuine IPN 502 and keeps no record of it, so its retry is handled', async () => {
    const t = await createTestApp(nowPaymentsEnv(`http://127.0.0.1:${await freePort()}`));
    try {
      const body = { payment_id: 5745459419, payment_status: 'finished', actually_paid: 1, fee: { serviceFee: 0.5 } };
      const response = await t.app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'x-nowpayments-sig': ipnSignature(body, SIMULATED_NOWPAYMENTS_ACCOUNT.ipnSecret) },
        payload: body,
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ error: { code: 'UPSTREAM_UNAVAILABLE' } });
      expect(await handledKeys(t)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
