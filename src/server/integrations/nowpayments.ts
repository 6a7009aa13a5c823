import { z } from 'zod';

/**
 * NOWPayments' REST API over plain fetch: the invoice our checkout creates and the payment an IPN names.
 * Its types are loose (invoice `id` and `price_amount` come as strings, `payment_id` as a number, amounts
 * as either), so every id and amount is read as "a number or a numeric string".
 */

const numericString = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/)]);
/** An id: digits, sent as a number or a string; kept as a string so no precision is ever lost. */
const Id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform(String);
const Amount = numericString.transform(Number);

const InvoiceResponse = z.object({ id: Id, invoice_url: z.string().url(), price_amount: Amount });
export type NowPaymentsInvoice = z.output<typeof InvoiceResponse>;

const PaymentResponse = z.object({
  payment_id: Id,
  invoice_id: Id.nullable()
    .optional()
    .transform((id) => id ?? null),
  payment_status: z.string(),
  order_id: z
    .string()
    .nullable()
    .optional()
    .transform((id) => id ?? null),
  price_amount: Amount,
  price_currency: z.string(),
  actually_paid: Amount.nullable()
    .optional()
    .transform((amount) => amount ?? 0),
});
export type NowPaymentsPayment = z.output<typeof PaymentResponse>;

/** What an IPN says happened; only a hint, since IPNs carry no timestamp and can be replayed. */
export const IpnNotice = z.object({
  payment_id: Id,
  payment_status: z.string().min(1),
  actually_paid: Amount.nullable()
    .optional()
    .transform((amount) => amount ?? 0),
});
export type IpnNotice = z.output<typeof IpnNotice>;

export interface NewInvoice {
  priceAmount: number;
  priceCurrency: 'usd';
  orderId: string;
  orderDescription: string;
  ipnCallbackUrl: string;
  successUrl: string;
  cancelUrl: string;
}

/** NOWPayments could not be reached, answered with an error, or answered something we cannot read. */
export class NowPaymentsUnavailable extends Error {
  override name = 'NowPaymentsUnavailable';
}

export interface NowPaymentsClient {
  createInvoice(invoice: NewInvoice): Promise<NowPaymentsInvoice>;
  /** The payment as NOWPayments has it now, or null when it knows no such payment. */
  getPayment(paymentId: string): Promise<NowPaymentsPayment | null>;
}

/** An IPN must be answered within about 3 s, so a slow API fails the call (and the callback is retried). */
const TIMEOUT_MS = 2_500;

export function nowPaymentsClient(settings: { apiBase: string; apiKey: string }): NowPaymentsClient {
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    try {
      return await fetch(`${settings.apiBase}${path}`, {
        ...init,
        headers: { 'x-api-key': settings.apiKey, 'content-type': 'application/json', accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new NowPaymentsUnavailable(`NOWPayments did not answer ${path}`, { cause: error });
    }
  };
  const read = async <T extends z.ZodType>(response: Response, schema: T, what: string): Promise<z.output<T>> => {
    const text = await response.text();
    if (!response.ok)
      throw new NowPaymentsUnavailable(`NOWPayments answered ${response.status} to ${what}: ${text.slice(0, 200)}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new NowPaymentsUnavailable(`NOWPayments answered ${what} with something other than JSON`, { cause: error });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new NowPaymentsUnavailable(`NOWPayments answered ${what} in an unexpected shape`);
    return parsed.data;
  };

  return {
    async createInvoice(invoice) {
      const response = await call('/invoice', {
        method: 'POST',
        body: JSON.stringify({
          price_amount: invoice.priceAmount,
          price_currency: invoice.priceCurrency,
          order_id: invoice.orderId,
          order_description: invoice.orderDescription,
          ipn_callback_url: invoice.ipnCallbackUrl,
          success_url: invoice.successUrl,
          cancel_url: invoice.cancelUrl,
          is_fixed_rate: true,
          is_fee_paid_by_user: false,
        }),
      });
      return read(response, InvoiceResponse, 'the invoice');
    },
    async getPayment(paymentId) {
      const response = await call(`/payment/${encodeURIComponent(paymentId)}`);
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      return read(response, PaymentResponse, `payment ${paymentId}`);
    },
  };
}
