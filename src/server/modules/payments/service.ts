import { and, desc, eq } from 'drizzle-orm';
import type { Payment } from '../../../shared/contracts/payments.js';
import type { Database } from '../../db/client.js';
import { orders } from '../../db/schema-commerce.js';
import { servers, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { PaymentReceipt } from './receipt-pdf.js';

type OrderWithServer = { order: typeof orders.$inferSelect; serverName: string | null };

function toPayment({ order, serverName }: OrderWithServer): Payment {
  return {
    id: order.id,
    serverId: order.serverId,
    serverName,
    type: order.product,
    provider: order.provider,
    amount: order.amountCents / 100,
    amountCents: order.amountCents,
    cryptoAmount:
      order.cryptoAmount !== null && order.cryptoCurrency !== null
        ? `${order.cryptoAmount} ${order.cryptoCurrency}`
        : null,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    completedAt: order.completedAt?.toISOString() ?? null,
  };
}

/** The caller's orders of every provider, newest first; coupons and bypass codes are not payments. */
export async function listPayments(db: Database, userId: string): Promise<Payment[]> {
  const rows = await db
    .select({ order: orders, serverName: servers.name })
    .from(orders)
    .leftJoin(servers, eq(servers.id, orders.serverId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt));
  return rows.map(toPayment);
}

/**
 * What a receipt shows, for one of the caller's own payments once it has completed: anyone else's
 * (staff included: a receipt is the buyer's document) is "not found", a payment not completed is 409.
 */
export async function receiptOf(db: Database, userId: string, orderId: string): Promise<PaymentReceipt> {
  const [row] = await db
    .select({ order: orders, serverName: servers.name, user: users })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(servers, eq(servers.id, orders.serverId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (row === undefined) throw notFound('Payment');
  const { order } = row;
  if (order.status !== 'completed' || order.completedAt === null) {
    throw new AppError('CONFLICT', 'A receipt is available once the payment has completed.');
  }
  return {
    payment: toPayment(row),
    paidAt: order.completedAt,
    buyer: row.user.globalName ?? row.user.username,
    providerPaymentId: order.providerPaymentId,
  };
}
