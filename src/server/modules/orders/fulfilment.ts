import { and, eq } from 'drizzle-orm';
import { ORDER_PRODUCT_PRICE_CENTS, type OrderProduct, type PaymentProvider } from '../../../shared/commerce-rules.js';
import type { PlanId } from '../../../shared/contracts/entitlements.js';
import type { Database } from '../../db/client.js';
import { orders, serviceEngagements } from '../../db/schema-commerce.js';
import { entitlements } from '../../db/schema.js';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type OrderRow = typeof orders.$inferSelect;

const PLAN_OF_PRODUCT: Record<OrderProduct, PlanId | null> = {
  DIY: 'DIY',
  FULL_SERVICE: 'FULL_SERVICE',
  EXTRA_AUDIT: 'EXTRA_AUDIT',
  // A month of monitoring grants no audits: the subscription row records it.
  MONITORING: null,
};

export interface NewOrder {
  userId: string;
  serverId: string;
  product: OrderProduct;
  provider: PaymentProvider;
  cryptoCurrency?: OrderRow['cryptoCurrency'];
  cryptoAmount?: string;
}

/** A pending order, priced from the price list: the amount is never the client's. */
export async function createOrder(db: Database | Transaction, order: NewOrder): Promise<OrderRow> {
  const [row] = await db
    .insert(orders)
    .values({ ...order, amountCents: ORDER_PRODUCT_PRICE_CENTS[order.product], status: 'pending' })
    .returning();
  if (row === undefined) throw new Error('the order was not inserted');
  return row;
}

/** Records the provider's object on the order (the Checkout Session, the invoice) once it exists. */
export async function attachProviderRef(db: Database, orderId: string, providerRef: string): Promise<void> {
  await db.update(orders).set({ providerRef, updatedAt: new Date() }).where(eq(orders.id, orderId));
}

export interface Fulfilment {
  /** False when the order was already fulfilled, failed or refunded: nothing was written. */
  fulfilled: boolean;
  order: OrderRow | null;
}

/**
 * Moves a pending order to completed and writes what it grants (an entitlement on its server, and for
 * Full Service an engagement for staff) in one transaction. The conditional update makes it exactly
 * once: a second delivery, a race between two instances or a late duplicate finds nothing to move.
 */
export async function fulfilOrder(
  db: Database,
  input: { orderId: string; providerPaymentId?: string | null; now: Date },
): Promise<Fulfilment> {
  return db.transaction(async (tx) => fulfilOrderIn(tx, input));
}

/** The same, inside a caller's transaction (the chain payment writes its claim in the same one). */
export async function fulfilOrderIn(
  tx: Transaction,
  input: { orderId: string; providerPaymentId?: string | null; now: Date },
): Promise<Fulfilment> {
  const [order] = await tx
    .update(orders)
    .set({
      status: 'completed',
      completedAt: input.now,
      updatedAt: input.now,
      ...(input.providerPaymentId ? { providerPaymentId: input.providerPaymentId } : {}),
    })
    .where(and(eq(orders.id, input.orderId), eq(orders.status, 'pending')))
    .returning();
  if (order === undefined) return { fulfilled: false, order: null };
  const plan = PLAN_OF_PRODUCT[order.product];
  if (plan === null || order.serverId === null) return { fulfilled: true, order };
  const [entitlement] = await tx
    .insert(entitlements)
    .values({
      userId: order.userId,
      serverId: order.serverId,
      plan,
      source: order.provider,
      paid: true,
      amountCents: order.amountCents,
    })
    .returning({ id: entitlements.id });
  if (entitlement === undefined) throw new Error('the entitlement was not inserted');
  const [completed] = await tx
    .update(orders)
    .set({ entitlementId: entitlement.id })
    .where(eq(orders.id, order.id))
    .returning();
  if (order.product === 'FULL_SERVICE') {
    await tx
      .insert(serviceEngagements)
      .values({ serverId: order.serverId, userId: order.userId, orderId: order.id, plan: 'FULL_SERVICE' });
  }
  return { fulfilled: true, order: completed ?? order };
}

/** A pending order that will not be paid (declined, expired, failed): only a pending one moves. */
export async function closeUnpaidOrder(
  db: Database,
  input: { orderId: string; status: 'failed' | 'expired'; reason: string; now: Date },
): Promise<boolean> {
  const moved = await db
    .update(orders)
    .set({ status: input.status, failureReason: input.reason, updatedAt: input.now })
    .where(and(eq(orders.id, input.orderId), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  return moved.length > 0;
}

/**
 * A refund withdraws what the order granted: the entitlement goes, the order says refunded. Audits
 * already run stay on record. Only a completed order moves, once.
 */
export async function refundOrder(db: Database, input: { orderId: string; now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ status: 'refunded', updatedAt: input.now })
      .where(and(eq(orders.id, input.orderId), eq(orders.status, 'completed')))
      .returning();
    if (order === undefined) return false;
    if (order.entitlementId !== null) await tx.delete(entitlements).where(eq(entitlements.id, order.entitlementId));
    return true;
  });
}
