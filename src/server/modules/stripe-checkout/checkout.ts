import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type CheckoutPlan, ORDER_PRODUCT_LABELS, PRODUCT_OF_CHECKOUT_PLAN } from '../../../shared/commerce-rules.js';
import type { CheckoutResponse } from '../../../shared/contracts/payments.js';
import type { Database } from '../../db/client.js';
import { orders } from '../../db/schema-commerce.js';
import { entitlements } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Stripe } from '../../integrations/stripe.js';
import { findAccessibleServer } from '../audits/access.js';
import type { Caller } from '../auth/caller.js';
import {
  attachProviderRef,
  closeUnpaidOrder,
  createOrder,
  type OrderRow,
  type Transaction,
} from '../orders/fulfilment.js';

export interface CheckoutDeps {
  db: Database;
  /** Null when card payments are not configured (production without Stripe keys). */
  stripe: Stripe | null;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** A pending order this recent is the same checkout clicked again: its session is reused, not duplicated. */
const REUSE_WINDOW_MS = 30 * 60 * 1000;
/** Sessions outlive the reuse window, so a reused one is still open. Stripe allows 30 minutes to 24 hours. */
const SESSION_LIFETIME_SECONDS = 60 * 60;

const UNAVAILABLE = 'Card payments are unavailable right now: Stripe could not be reached. Please try again shortly.';

/**
 * Creates (or, for a second click, finds) the caller's pending order for the plan and server, then its
 * Checkout Session under the idempotency key `checkout:<orderId>`, so every attempt for one order is the
 * same session at Stripe. The amount comes from the price list, never from the client.
 */
export async function startStripeCheckout(
  deps: CheckoutDeps,
  input: { caller: Caller; plan: CheckoutPlan; serverId: string },
): Promise<CheckoutResponse> {
  const { db, stripe } = deps;
  if (stripe === null) throw new AppError('UPSTREAM_UNAVAILABLE', 'Card payments are not configured on this server.');
  const server = await findAccessibleServer(db, input.caller, input.serverId);
  const userId = input.caller.user.id;
  const product = PRODUCT_OF_CHECKOUT_PLAN[input.plan];
  if (product === 'EXTRA_AUDIT' && !(await hasEntitlementOn(db, userId, server.id))) {
    throw new AppError(
      'FORBIDDEN',
      'Extra audits are for servers that already have a plan: buy DIY or Full Service first.',
    );
  }
  const purchase = { userId, serverId: server.id, product, now: deps.now() };
  const recent = await pendingOrderFor(db, purchase, { reuseRecent: true });
  let { session, orderId } = await openSession(deps, stripe, {
    order: recent,
    plan: input.plan,
    serverName: server.name,
  });
  if (session.status !== 'open' || session.url === null) {
    // The reused order's session was paid or has ended meanwhile: this click is a purchase of its own.
    const fresh = await pendingOrderFor(db, purchase, { reuseRecent: false });
    ({ session, orderId } = await openSession(deps, stripe, {
      order: fresh,
      plan: input.plan,
      serverName: server.name,
    }));
  }
  if (session.url === null) throw new AppError('UPSTREAM_UNAVAILABLE', UNAVAILABLE);
  return { url: session.url, orderId };
}

/** The order's Checkout Session (created once per order at Stripe), recorded on the order. */
async function openSession(
  deps: CheckoutDeps,
  stripe: Stripe,
  input: { order: OrderRow; plan: CheckoutPlan; serverName: string },
): Promise<{ session: Stripe.Checkout.Session; orderId: string }> {
  const { order } = input;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: order.amountCents,
              product_data: { name: `Rampart ${ORDER_PRODUCT_LABELS[order.product]}`, description: input.serverName },
            },
          },
        ],
        client_reference_id: order.id,
        metadata: { order_id: order.id, plan: input.plan, server_id: order.serverId ?? '' },
        // The success page only logs order_id; fulfilment waits for the signed webhook.
        success_url: `${deps.publicUrl}/paywall/success?order_id=${order.id}`,
        cancel_url: `${deps.publicUrl}/paywall`,
        // From the order, not the clock: a second click must send the very same parameters.
        expires_at: Math.floor(order.createdAt.getTime() / 1000) + SESSION_LIFETIME_SECONDS,
      },
      { idempotencyKey: `checkout:${order.id}` },
    );
  } catch (error) {
    deps.log.warn({ err: error, orderId: order.id }, 'Stripe refused or did not answer a Checkout Session');
    await closeUnpaidOrder(deps.db, {
      orderId: order.id,
      status: 'failed',
      reason: 'The checkout session could not be created.',
      now: deps.now(),
    });
    throw new AppError('UPSTREAM_UNAVAILABLE', UNAVAILABLE, { cause: error });
  }
  await attachProviderRef(deps.db, order.id, session.id);
  return { session, orderId: order.id };
}

/**
 * Extra audits extend access the user already has to the server: an entitlement of theirs on it (a plan,
 * a coupon, a bypass code) or one that applies to every server.
 */
async function hasEntitlementOn(db: Database, userId: string, serverId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: entitlements.id })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), or(eq(entitlements.serverId, serverId), isNull(entitlements.serverId))))
    .limit(1);
  return found !== undefined;
}

/**
 * The user's recent pending card order for this product and server, or a new one. A transaction-scoped
 * advisory lock on (user, server, product) makes two simultaneous clicks find the same order.
 */
async function pendingOrderFor(
  db: Database,
  input: { userId: string; serverId: string; product: OrderRow['product']; now: Date },
  options: { reuseRecent: boolean },
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const lockKey = `stripe-checkout:${input.userId}:${input.serverId}:${input.product}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
    if (!options.reuseRecent) return newOrder(tx, input);
    const [recent] = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, input.userId),
          eq(orders.serverId, input.serverId),
          eq(orders.product, input.product),
          eq(orders.provider, 'stripe'),
          eq(orders.status, 'pending'),
          gt(orders.createdAt, new Date(input.now.getTime() - REUSE_WINDOW_MS)),
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(1);
    return recent ?? newOrder(tx, input);
  });
}

const newOrder = (tx: Transaction, input: { userId: string; serverId: string; product: OrderRow['product'] }) =>
  createOrder(tx, { userId: input.userId, serverId: input.serverId, product: input.product, provider: 'stripe' });
