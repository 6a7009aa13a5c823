import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CURRENCIES, estimate, minAmount, usdPerUnit } from './prices.js';
import type { NowPaymentsState } from './state.js';
import { invoiceBody, paymentBody } from './types.js';

/** NOWPayments' error body: `{status: false, statusCode, code, message}`. */
export function errorBody(statusCode: number, code: string, message: string) {
  return { status: false, statusCode, code, message };
}

function sendError(reply: FastifyReply, statusCode: number, code: string, message: string) {
  return reply.code(statusCode).send(errorBody(statusCode, code, message));
}

const badRequest = (reply: FastifyReply, message: string) => sendError(reply, 400, 'INVALID_REQUEST_PARAMS', message);

function fieldsOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A positive amount, given as a number or a numeric string (clients send both). */
function positiveAmount(value: unknown): number | undefined {
  const amount = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(amount) && amount > 0 ? amount : undefined;
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export interface ApiRouteOptions {
  /** The address buyers open the hosted invoice page at, e.g. `https://nowpayments.io` or the prefix in demo mode. */
  publicBase: () => string;
}

/** The REST API under `/v1`: every call but `/v1/status` needs the merchant's `x-api-key`. */
export function registerApiRoutes(instance: FastifyInstance, state: NowPaymentsState, options: ApiRouteOptions): void {
  instance.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.slice(instance.prefix.length).split('?')[0] ?? '';
    if (!path.startsWith('/v1/')) return undefined;
    state.apiCalls.push(`${request.method} ${path}`);
    if (path === '/v1/status') return undefined;
    if (request.headers['x-api-key'] === state.apiKey) return undefined;
    return sendError(reply, 403, 'INVALID_API_KEY', 'Invalid api key');
  });

  instance.get('/v1/status', async () => ({ message: 'OK' }));
  instance.get('/v1/currencies', async () => ({ currencies: CURRENCIES }));

  instance.get('/v1/estimate', async (request, reply) => {
    const query = fieldsOf(request.query);
    const amount = positiveAmount(query.amount);
    const from = optionalText(query.currency_from);
    const to = optionalText(query.currency_to);
    if (amount === undefined || from === null || to === null) {
      return badRequest(reply, 'amount, currency_from and currency_to are required');
    }
    const estimated = estimate(amount, from, to);
    if (estimated === undefined) return badRequest(reply, `Currency ${from}/${to} is not supported`);
    return { currency_from: from, amount_from: amount, currency_to: to, estimated_amount: estimated };
  });

  instance.get('/v1/min-amount', async (request, reply) => {
    const query = fieldsOf(request.query);
    const from = optionalText(query.currency_from);
    const to = optionalText(query.currency_to);
    const min = from === null ? undefined : minAmount(from);
    if (from === null || to === null || min === undefined || usdPerUnit(to) === undefined) {
      return badRequest(reply, 'currency_from and currency_to must be supported currencies');
    }
    const fiat = optionalText(query.fiat_equivalent);
    return {
      currency_from: from,
      currency_to: to,
      min_amount: min,
      // A fiat amount, in cents.
      ...(fiat === null ? {} : { fiat_equivalent: Math.round((estimate(min, from, fiat) ?? 0) * 100) / 100 }),
    };
  });

  instance.post('/v1/invoice', async (request, reply) => {
    const body = fieldsOf(request.body);
    const priceAmount = positiveAmount(body.price_amount);
    const priceCurrency = optionalText(body.price_currency);
    if (priceAmount === undefined) return badRequest(reply, 'price_amount must be greater than 0');
    if (priceCurrency === null || usdPerUnit(priceCurrency) === undefined) {
      return badRequest(reply, 'price_currency is required and must be supported');
    }
    const invoice = state.createInvoice({
      priceAmount,
      priceCurrency: priceCurrency.toLowerCase(),
      payCurrency: optionalText(body.pay_currency),
      orderId: optionalText(body.order_id),
      orderDescription: optionalText(body.order_description),
      ipnCallbackUrl: optionalText(body.ipn_callback_url),
      successUrl: optionalText(body.success_url),
      cancelUrl: optionalText(body.cancel_url),
      isFixedRate: body.is_fixed_rate === true,
      isFeePaidByUser: body.is_fee_paid_by_user === true,
    });
    return invoiceBody(invoice, `${options.publicBase()}/payment/?iid=${invoice.id}`);
  });

  instance.post('/v1/payment', async (request, reply) => {
    const body = fieldsOf(request.body);
    const priceAmount = positiveAmount(body.price_amount);
    const priceCurrency = optionalText(body.price_currency);
    const payCurrency = optionalText(body.pay_currency);
    if (priceAmount === undefined) return badRequest(reply, 'price_amount must be greater than 0');
    if (
      priceCurrency === null ||
      payCurrency === null ||
      estimate(priceAmount, priceCurrency, payCurrency) === undefined
    ) {
      return badRequest(reply, 'price_currency and pay_currency are required and must be supported');
    }
    const payment = state.createPayment({
      priceAmount,
      priceCurrency: priceCurrency.toLowerCase(),
      payCurrency: payCurrency.toLowerCase(),
      orderId: optionalText(body.order_id),
      orderDescription: optionalText(body.order_description),
      ipnCallbackUrl: optionalText(body.ipn_callback_url),
      invoiceId: null,
    });
    return reply.code(201).send(paymentBody(payment));
  });

  instance.get('/v1/payment/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const payment = /^\d+$/.test(id) ? state.payments.get(Number(id)) : undefined;
    if (payment === undefined) return sendError(reply, 404, 'PAYMENT_NOT_FOUND', `Payment ${id} not found`);
    return paymentBody(payment, payment.apiStatus ?? payment.status);
  });
}
