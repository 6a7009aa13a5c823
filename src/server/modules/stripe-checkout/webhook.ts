import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ORDER_PRODUCT_LABELS } from '../../../shared/commerce-rules.js';
import type { Database } from '../../db/client.js';
import type { WebhookOutcome } from '../../metrics/webhook-metrics.js';
import { orders, webhookEvents } from '../../db/schema-commerce.js';
import { AppError } from '../../errors.js';
import { type Stripe, STRIPE_WEBHOOK_TOLERANCE_SECONDS } from '../../integrations/stripe.js';
import type { Realtime } from '../../realtime/socket.js';
import { pushNotifications, recordNotifications } from '../notifications/notify.js';
import { closeUnpaidOrder, fulfilOrderIn, type OrderRow, refundOrder } from '../orders/fulfilment.js';

export interface WebhookDeps {
  db: Database;
  stripe: Stripe | null;
  webhookSecret: string | null;
  log: FastifyBaseLogger;
  realtime: Realtime;
  now: () => Date;
}

/**
 * The event, if the Stripe-Signature header signs exactly these bytes with our endpoint secret within
 * the tolerance; otherwise 400, and nothing is read or written.
 */
export function verifyStripeEvent(
  deps: Pick<WebhookDeps, 'stripe' | 'webhookSecret'>,
  body: unknown,
  signature: string | string[] | undefined,
): Stripe.Event {
  if (deps.stripe === null || deps.webhookSecret === null) {
    throw new AppError('BAD_REQUEST', 'Stripe webhooks are not configured on this server.');
  }
  if (typeof signature !== 'string' || signature === '') {
    throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header.');
  }
  if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('BAD_REQUEST', 'Missing event body.');
  try {
    return deps.stripe.webhooks.constructEvent(body, signature, deps.webhookSecret, STRIPE_WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('BAD_REQUEST', `Webhook signature verification failed: ${reason}`);
  }
}

/**
 * Acts on a verified event once. An event already recorded is skipped; otherwise the object is read
 * again from Stripe (an event is a notice, the API is the truth, and deliveries come out of order) and
 * the order moves by fulfilment's conditional updates, which keep simultaneous duplicates to one effect.
 * The event is recorded only after its work, so a delivery that failed half-way is acted on when Stripe
 * retries it.
 */
export async function handleStripeEvent(
  deps: WebhookDeps & { stripe: Stripe },
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  const [seen] = await deps.db
    .select({ key: webhookEvents.eventKey })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, 'stripe'), eq(webhookEvents.eventKey, event.id)))
    .limit(1);
  if (seen !== undefined) return 'duplicate';
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      await settleSession(deps, event.data.object.id, event.type);
      break;
    case 'charge.refunded':
      await refundCharge(deps, event.data.object.id);
      break;
    default:
      // Events we do not act on are acknowledged, so Stripe does not retry them.
      break;
  }
  await deps.db
    .insert(webhookEvents)
    .values({ provider: 'stripe', eventKey: event.id, eventType: event.type })
    .onConflictDoNothing();
  return 'processed';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order of a session: by its recorded session id, or by the order id it carries before that is recorded. */
async function orderOfSession(db: Database, session: Stripe.Checkout.Session): Promise<OrderRow | undefined> {
  const reference = session.client_reference_id;
  const byReference =
    reference !== null && UUID.test(reference) ? and(eq(orders.id, reference), isNull(orders.providerRef)) : undefined;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, 'stripe'), or(eq(orders.providerRef, session.id), byReference)))
    .limit(1);
  return order;
}

/**
 * Moves the session's order to what the session now says: paid → completed (what it grants written
 * once), expired → expired; completed but not paid leaves it pending until the delayed payment
 * settles, and a failed delayed payment marks it failed.
 */
async function settleSession(
  deps: WebhookDeps & { stripe: Stripe },
  sessionId: string,
  eventType: Stripe.Event['type'],
): Promise<void> {
  const session = await deps.stripe.checkout.sessions.retrieve(sessionId);
  const order = await orderOfSession(deps.db, session);
  if (order === undefined) {
    deps.log.warn({ sessionId }, 'a Stripe Checkout Session with no order of ours');
    return;
  }
  const now = deps.now();
  if (session.status === 'complete' && session.payment_status === 'paid') {
    if (session.amount_total !== order.amountCents || session.currency !== 'usd') {
      deps.log.error({ sessionId, orderId: order.id }, 'a paid session whose amount is not its order’s: not fulfilled');
      return;
    }
    const paymentIntent =
      typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    await fulfilAndTell(deps, { order, providerPaymentId: paymentIntent ?? null, now });
  } else if (session.status === 'expired') {
    await closeUnpaidOrder(deps.db, {
      orderId: order.id,
      status: 'expired',
      reason: 'The checkout session expired.',
      now,
    });
  } else if (eventType === 'checkout.session.async_payment_failed' && session.payment_status === 'unpaid') {
    // The session stays complete and unpaid whether its delayed payment is on its way or failed: only the
    // (signed) event tells, and the re-read shows it was not paid after all.
    await closeUnpaidOrder(deps.db, { orderId: order.id, status: 'failed', reason: 'The payment failed.', now });
  }
}

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** Fulfils the order and, in the same transaction, tells the buyer; the push follows the commit. */
async function fulfilAndTell(
  deps: WebhookDeps,
  input: { order: OrderRow; providerPaymentId: string | null; now: Date },
): Promise<void> {
  const told = await deps.db.transaction(async (tx) => {
    const fulfilment = await fulfilOrderIn(tx, {
      orderId: input.order.id,
      providerPaymentId: input.providerPaymentId,
      now: input.now,
    });
    if (!fulfilment.fulfilled) return [];
    return recordNotifications(tx, [input.order.userId], {
      type: 'SYSTEM_UPDATE',
      title: 'Payment received',
      message: `Your card payment of ${usd(input.order.amountCents)} for ${ORDER_PRODUCT_LABELS[input.order.product]} is complete.`,
      actionUrl: '/billing',
    });
  });
  pushNotifications(deps.realtime, told);
}

/** A fully refunded charge withdraws what its order granted; a partial refund changes nothing here. */
async function refundCharge(deps: WebhookDeps & { stripe: Stripe }, chargeId: string): Promise<void> {
  const charge = await deps.stripe.charges.retrieve(chargeId);
  const paymentIntent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!charge.refunded || paymentIntent === undefined) return;
  const [order] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.provider, 'stripe'), eq(orders.providerPaymentId, paymentIntent)))
    .limit(1);
  if (order === undefined) {
    deps.log.warn({ chargeId }, 'a refunded Stripe charge with no order of ours');
    return;
  }
  await refundOrder(deps.db, { orderId: order.id, now: deps.now() });
}
