/** What the simulated NOWPayments keeps, and the JSON shapes it answers with (payments-reference §2). */

export const PAYMENT_STATUSES = [
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'partially_paid',
  'finished',
  'failed',
  'refunded',
  'expired',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);
}

export interface SimulatedInvoice {
  id: string;
  tokenId: string;
  orderId: string | null;
  orderDescription: string | null;
  priceAmount: number;
  priceCurrency: string;
  payCurrency: string | null;
  ipnCallbackUrl: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  isFixedRate: boolean;
  isFeePaidByUser: boolean;
  createdAt: string;
  updatedAt: string;
  /** The payment the buyer started by picking a coin on the hosted page. */
  paymentId: number | null;
}

export interface SimulatedPayment {
  paymentId: number;
  parentPaymentId: number | null;
  invoiceId: number | null;
  status: PaymentStatus;
  payAddress: string;
  priceAmount: number;
  priceCurrency: string;
  payAmount: number;
  actuallyPaid: number;
  payCurrency: string;
  orderId: string | null;
  orderDescription: string | null;
  purchaseId: string;
  ipnCallbackUrl: string | null;
  createdAt: string;
  updatedAt: string;
  /** A test control: GET /v1/payment answers this status instead of the true one (the API lags the IPN). */
  apiStatus: PaymentStatus | null;
}

/** Invoice as POST /v1/invoice answers it: `id` and `price_amount` are strings, as the real API sends them. */
export function invoiceBody(invoice: SimulatedInvoice, invoiceUrl: string): Record<string, unknown> {
  return {
    id: invoice.id,
    token_id: invoice.tokenId,
    order_id: invoice.orderId,
    order_description: invoice.orderDescription,
    price_amount: String(invoice.priceAmount),
    price_currency: invoice.priceCurrency,
    pay_currency: invoice.payCurrency,
    ipn_callback_url: invoice.ipnCallbackUrl,
    invoice_url: invoiceUrl,
    success_url: invoice.successUrl,
    cancel_url: invoice.cancelUrl,
    partially_paid_url: null,
    payout_currency: null,
    created_at: invoice.createdAt,
    updated_at: invoice.updatedAt,
    is_fixed_rate: invoice.isFixedRate,
    is_fee_paid_by_user: invoice.isFeePaidByUser,
  };
}

/** Payment as GET /v1/payment/:id and POST /v1/payment answer it; `status` overrides the stored one. */
export function paymentBody(
  payment: SimulatedPayment,
  status: PaymentStatus = payment.status,
): Record<string, unknown> {
  return {
    payment_id: payment.paymentId,
    invoice_id: payment.invoiceId,
    payment_status: status,
    pay_address: payment.payAddress,
    price_amount: payment.priceAmount,
    price_currency: payment.priceCurrency,
    pay_amount: payment.payAmount,
    actually_paid: payment.actuallyPaid,
    pay_currency: payment.payCurrency,
    order_id: payment.orderId,
    order_description: payment.orderDescription,
    purchase_id: payment.purchaseId,
    created_at: payment.createdAt,
    updated_at: payment.updatedAt,
    outcome_amount: payment.actuallyPaid,
    outcome_currency: payment.payCurrency,
  };
}

/** The IPN body: the payment with the fields only callbacks carry, including the nested `fee` object. */
export function ipnBody(payment: SimulatedPayment, usdPerUnit: number): Record<string, unknown> {
  return {
    ...paymentBody(payment),
    parent_payment_id: payment.parentPaymentId,
    payin_extra_id: null,
    actually_paid_at_fiat: Math.round(payment.actuallyPaid * usdPerUnit * 100) / 100,
    payment_extra_ids: [],
    fee: { currency: payment.payCurrency, depositFee: 0, withdrawalFee: 0, serviceFee: 0.005 },
  };
}
