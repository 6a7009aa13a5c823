import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { WebhookOutcome } from '../../metrics/webhook-metrics.js';
import { orders, webhookEvents } from '../../db/schema-commerce.js';
import { AppError } from '../../errors.js';
import { IpnNotice, type NowPaymentsPayment, NowPaymentsUnavailable } from '../../integrations/nowpayments.js';
import { verifyIpnSignature } from '../../integrations/nowpayments-signature.js';
import { closeUnpaidOrder, fulfilOrder, type OrderRow, refundOrder } from '../orders/fulfilment.js';
import { cryptoUnavailable, type CryptoInvoiceDeps } from './service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const refused = (message: string) => new AppError('BAD_REQUEST', message);

/**
 * An IPN callback. Verified first (a forgery changes nothing), then deduplicated on
 * `payment_id:payment_status:actually_paid`, then treated as a hint only: the payment is read back from
 * the API and what the API says is acted on (payments-reference §0 fact 9). A callback whose work
 * failed, or that the API does not (yet) confirm, gives its claim back, so its redelivery is looked at again.
 */
export async function receiveIpn(
  deps: CryptoInvoiceDeps,
  input: { body: unknown; signature: unknown; log: FastifyBaseLogger },
): Promise<WebhookOutcome> {
  if (deps.nowPayments === null) throw refused('Crypto payments are not configured.');
  const { client, config } = deps.nowPayments;
  const { body, log } = input;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw refused('The IPN body must be a JSON object.');
  if (!verifyIpnSignature(body, input.signature, config.ipnSecret)) {
    log.warn('NOWPayments IPN refused: x-nowpayments-sig is missing or does not match');
    throw refused('The IPN signature is missing or does not match.');
  }
  const parsed = IpnNotice.safeParse(body);
  if (!parsed.success) throw refused('The IPN names no payment.');
  const notice = parsed.data;
  const key = `${notice.payment_id}:${notice.payment_status}:${notice.actually_paid}`;
  if (!(await claim(deps.db, key, notice.payment_status))) {
    log.info({ key }, 'NOWPayments IPN already handled');
    return 'duplicate';
  }
  try {
    const payment = await client.getPayment(notice.payment_id);
    if (payment === null) {
      log.warn({ key }, 'NOWPayments IPN names a payment the API does not know; ignored');
      return 'processed';
    }
    await act(deps.db, payment, log);
    if (payment.payment_status !== notice.payment_status) {
      log.info({ key, apiStatus: payment.payment_status }, 'NOWPayments API disagrees with the IPN; acted on the API');
      await release(deps.db, key);
    }
    return 'processed';
  } catch (error) {
    await release(deps.db, key);
    if (error instanceof NowPaymentsUnavailable) throw cryptoUnavailable(error);
    throw error;
  }
}

async function claim(db: Database, key: string, status: string): Promise<boolean> {
  const claimed = await db
    .insert(webhookEvents)
    .values({ provider: 'nowpayments', eventKey: key, eventType: status })
    .onConflictDoNothing()
    .returning({ key: webhookEvents.eventKey });
  return claimed.length > 0;
}

async function release(db: Database, key: string): Promise<void> {
  await db.delete(webhookEvents).where(and(eq(webhookEvents.provider, 'nowpayments'), eq(webhookEvents.eventKey, key)));
}

/** Our order the payment is for: its `order_id`, of an order paid through NOWPayments, for this invoice. */
async function orderOf(db: Database, payment: NowPaymentsPayment): Promise<OrderRow | undefined> {
  if (payment.order_id === null || !UUID.test(payment.order_id)) return undefined;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, payment.order_id), eq(orders.provider, 'nowpayments')))
    .limit(1);
  if (order === undefined) return undefined;
  const sameInvoice = payment.invoice_id === null || order.providerRef === payment.invoice_id;
  return sameInvoice ? order : undefined;
}

async function act(db: Database, payment: NowPaymentsPayment, log: FastifyBaseLogger): Promise<void> {
  const order = await orderOf(db, payment);
  const about = { paymentId: payment.payment_id, status: payment.payment_status, orderId: payment.order_id };
  if (order === undefined) {
    log.warn(about, 'NOWPayments payment matches none of our NOWPayments orders; ignored');
    return;
  }
  const now = new Date();
  switch (payment.payment_status) {
    case 'finished': {
      const paid =
        Math.round(payment.price_amount * 100) === order.amountCents && payment.price_currency.toLowerCase() === 'usd';
      if (!paid) {
        log.error(
          { ...about, price: payment.price_amount, currency: payment.price_currency },
          'NOWPayments payment is not for the order’s price; not fulfilled',
        );
        return;
      }
      const { fulfilled } = await fulfilOrder(db, { orderId: order.id, providerPaymentId: payment.payment_id, now });
      log.info({ ...about, fulfilled }, 'NOWPayments payment finished');
      return;
    }
    case 'partially_paid':
      log.info(
        { ...about, actuallyPaid: payment.actually_paid },
        'NOWPayments payment partially paid; nothing granted',
      );
      return;
    case 'failed':
    case 'expired':
      await closeUnpaidOrder(db, {
        orderId: order.id,
        status: payment.payment_status,
        reason: `NOWPayments payment ${payment.payment_status}`,
        now,
      });
      return;
    case 'refunded':
      // A completed order gives back what it granted; one refunded before it completed just fails.
      if (!(await refundOrder(db, { orderId: order.id, now }))) {
        await closeUnpaidOrder(db, {
          orderId: order.id,
          status: 'failed',
          reason: 'NOWPayments payment refunded',
          now,
        });
      }
      return;
    default:
      // waiting, confirming, confirmed, sending: the money is on its way; nothing to do until it is finished.
      return;
  }
}
