import { type CheckoutPlan, ORDER_PRODUCT_LABELS, PRODUCT_OF_CHECKOUT_PLAN } from '../../../shared/commerce-rules.js';
import type { CheckoutResponse } from '../../../shared/contracts/payments.js';
import type { NowPaymentsConfig } from '../../config-nowpayments.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { type NowPaymentsClient, NowPaymentsUnavailable } from '../../integrations/nowpayments.js';
import { findAccessibleServer } from '../audits/access.js';
import type { Caller } from '../auth/caller.js';
import { attachProviderRef, closeUnpaidOrder, createOrder } from '../orders/fulfilment.js';

/** What crypto invoices need: the database, the provider's client and settings, and where the buyer returns. */
export interface CryptoInvoiceDeps {
  db: Database;
  nowPayments: { client: NowPaymentsClient; config: NowPaymentsConfig } | null;
  publicUrl: string;
}

export const cryptoUnavailable = (cause?: unknown) =>
  new AppError('UPSTREAM_UNAVAILABLE', 'Crypto payments are unavailable right now. Please try again later.', {
    cause,
  });

/**
 * A pending order priced from the price list, then a NOWPayments invoice for exactly that amount whose
 * `order_id` is the order. The buyer pays on the invoice page; only a confirmed `finished` payment
 * fulfils the order (./ipn.ts).
 */
export async function createCryptoInvoice(
  deps: CryptoInvoiceDeps,
  input: { caller: Caller; plan: CheckoutPlan; serverId: string },
): Promise<CheckoutResponse> {
  const server = await findAccessibleServer(deps.db, input.caller, input.serverId);
  if (deps.nowPayments === null) throw cryptoUnavailable();
  const { client, config } = deps.nowPayments;
  const product = PRODUCT_OF_CHECKOUT_PLAN[input.plan];
  const order = await createOrder(deps.db, {
    userId: input.caller.user.id,
    serverId: server.id,
    product,
    provider: 'nowpayments',
  });
  try {
    const invoice = await client.createInvoice({
      priceAmount: order.amountCents / 100,
      priceCurrency: 'usd',
      orderId: order.id,
      orderDescription: `${ORDER_PRODUCT_LABELS[product]}: ${server.name}`,
      ipnCallbackUrl: config.ipnCallbackUrl,
      successUrl: `${deps.publicUrl}/paywall/success?order_id=${order.id}`,
      cancelUrl: `${deps.publicUrl}/paywall`,
    });
    await attachProviderRef(deps.db, order.id, invoice.id);
    return { url: invoice.invoice_url, orderId: order.id };
  } catch (error) {
    if (!(error instanceof NowPaymentsUnavailable)) throw error;
    // No invoice exists, so nobody can pay this order: close it rather than leave it pending forever.
    await closeUnpaidOrder(deps.db, {
      orderId: order.id,
      status: 'failed',
      reason: 'NOWPayments did not create the invoice',
      now: new Date(),
    });
    throw cryptoUnavailable(error);
  }
}
