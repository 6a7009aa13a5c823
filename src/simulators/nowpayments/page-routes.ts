import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chooseCoinPage, INVOICE_CSS, notFoundPage, paymentPage } from './invoice-page.js';
import { CURRENCIES, estimate } from './prices.js';
import type { NowPaymentsState } from './state.js';
import type { SimulatedInvoice } from './types.js';

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The buttons of the page: pick a coin, then pay in full, pay half, or let the payment expire. */
const ACTIONS = ['choose', 'full', 'partial', 'expire'] as const;
type PageAction = (typeof ACTIONS)[number];

function stringField(source: unknown, name: string): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const value: unknown = (source as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/** The hosted invoice page (`/payment/?iid=<invoice id>`) and the buyer's actions on it. */
export function registerPageRoutes(instance: FastifyInstance, state: NowPaymentsState): void {
  // Its own form parser, in this encapsulated scope only, so mounted and standalone parse alike.
  if (instance.hasContentTypeParser(FORM_TYPE)) instance.removeContentTypeParser(FORM_TYPE);
  instance.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });

  const invoiceOf = (request: FastifyRequest): SimulatedInvoice | undefined => {
    const id = stringField(request.query, 'iid');
    return id === undefined ? undefined : state.invoices.get(id);
  };

  instance.get('/payment/invoice.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(INVOICE_CSS),
  );

  instance.get('/payment/', async (request, reply) => {
    const invoice = invoiceOf(request);
    if (invoice === undefined) return html(reply, 404, notFoundPage());
    const payment = invoice.paymentId === null ? undefined : state.payments.get(invoice.paymentId);
    if (payment !== undefined) return html(reply, 200, paymentPage(invoice, payment));
    const coins = (invoice.payCurrency === null ? CURRENCIES : [invoice.payCurrency]).map((code) => ({
      code,
      amount: estimate(invoice.priceAmount, invoice.priceCurrency, code) ?? 0,
    }));
    return html(reply, 200, chooseCoinPage(invoice, coins));
  });

  instance.post('/payment/', async (request, reply) => {
    const invoice = invoiceOf(request);
    if (invoice === undefined) return html(reply, 404, notFoundPage());
    const action = stringField(request.body, 'action');
    if (!ACTIONS.includes(action as PageAction)) return reply.code(400).send('Unknown action');
    const coin = stringField(request.body, 'pay_currency') ?? invoice.payCurrency ?? '';
    const existing = invoice.paymentId === null ? undefined : state.payments.get(invoice.paymentId);
    if (existing === undefined && estimate(invoice.priceAmount, invoice.priceCurrency, coin) === undefined) {
      return reply.code(400).send('Pick a supported coin');
    }
    const payment = existing ?? state.paymentForInvoice(invoice, coin);
    if (payment.status === 'waiting') {
      if (action === 'full') state.payInFull(payment);
      if (action === 'partial') state.payPartially(payment);
      if (action === 'expire') state.setStatus(payment, 'expired');
    }
    return reply.redirect(`${instance.prefix}/payment/?iid=${encodeURIComponent(invoice.id)}`, 303);
  });
}
