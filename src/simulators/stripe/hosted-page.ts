import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CheckoutSession, LineItem } from './objects.js';
import type { StripeSimulatorState } from './state.js';

/**
 * The hosted Checkout page (`/c/pay/:id`): the line items, the total and an email field, with Pay,
 * Pay (delayed), Decline and Cancel. Pay completes the session and sends the buyer to `success_url` with
 * `{CHECKOUT_SESSION_ID}` filled in; a delayed payment completes it unpaid until a test control settles
 * it; Decline stays on the page; Cancel goes back to `cancel_url` and leaves the session open.
 */

const ACTIONS = ['pay', 'pay_delayed', 'decline', 'cancel'] as const;
type PageAction = (typeof ACTIONS)[number];

const DEFAULT_BUYER_EMAIL = 'buyer@example.com';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0}
main{max-width:32rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 2px 8px #0002}
table{width:100%;border-collapse:collapse}td,th{padding:.4rem 0;text-align:left}td:last-child,th:last-child{text-align:right}
.total{font-weight:700;border-top:1px solid #e3e8ee}label{display:block;margin-top:1rem}input{width:100%;padding:.5rem;box-sizing:border-box}
.buttons{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1.5rem}button{padding:.6rem 1rem;border-radius:6px;border:1px solid #635bff;background:#635bff;color:#fff;font-size:1rem}
button.secondary{background:#fff;color:#635bff}[role=alert]{color:#b3093c;font-weight:600}`;

function page(title: string, content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${content}</main></body></html>`;
}

function itemRows(items: readonly LineItem[]): string {
  return items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</td><td>${money(item.unitAmount * item.quantity, item.currency)}</td></tr>`,
    )
    .join('');
}

function checkoutPage(session: CheckoutSession, items: readonly LineItem[], notice: string | null): string {
  const email = session.customer_email ?? DEFAULT_BUYER_EMAIL;
  const lockedEmail = session.customer_email === null ? '' : ' readonly';
  return page(
    `Pay ${money(session.amount_total, session.currency)} — Stripe Checkout (simulated)`,
    `<h1>Checkout</h1><p>Simulated Stripe Checkout: no card is charged.</p>
${notice === null ? '' : `<p role="alert">${escapeHtml(notice)}</p>`}
<table><caption>Order summary</caption><thead><tr><th scope="col">Item</th><th scope="col">Amount</th></tr></thead>
<tbody>${itemRows(items)}<tr class="total"><td>Total due</td><td>${money(session.amount_total, session.currency)}</td></tr></tbody></table>
<form method="post" action="/c/pay/${encodeURIComponent(session.id)}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(email)}"${lockedEmail}>
<p>Card: 4242 4242 4242 4242 (test card)</p>
<div class="buttons"><button name="action" value="pay">Pay</button><button name="action" value="pay_delayed" class="secondary">Pay (delayed)</button>
<button name="action" value="decline" class="secondary">Decline</button><button name="action" value="cancel" class="secondary">Cancel</button></div>
</form>`,
  );
}

function closedPage(session: CheckoutSession): string {
  const message =
    session.status === 'expired'
      ? 'This Checkout Session has expired. Return to the merchant to start again.'
      : 'This Checkout Session is complete. Your payment has been received.';
  return page('Stripe Checkout (simulated)', `<h1>Checkout</h1><p role="status">${message}</p>`);
}

function notFoundPage(): string {
  return page(
    'Stripe Checkout (simulated)',
    '<h1>Something went wrong</h1><p role="alert">No such Checkout Session.</p>',
  );
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

function fieldsOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

export function registerHostedPage(instance: FastifyInstance, state: StripeSimulatorState): void {
  instance.get<{ Params: { id: string } }>('/c/pay/:id', async (request, reply) => {
    state.expireDue();
    const session = state.sessions.get(request.params.id);
    if (session === undefined) return html(reply, 404, notFoundPage());
    if (session.status !== 'open') return html(reply, 200, closedPage(session));
    return html(reply, 200, checkoutPage(session, state.lineItems.get(session.id) ?? [], null));
  });

  instance.post<{ Params: { id: string } }>('/c/pay/:id', async (request, reply) => {
    state.expireDue();
    const session = state.sessions.get(request.params.id);
    if (session === undefined) return html(reply, 404, notFoundPage());
    if (session.status !== 'open') return html(reply, 409, closedPage(session));
    const fields = fieldsOf(request.body);
    const action = ACTIONS.find((candidate) => candidate === fields.action) as PageAction | undefined;
    const items = state.lineItems.get(session.id) ?? [];
    const email = typeof fields.email === 'string' && fields.email.includes('@') ? fields.email : null;
    switch (action) {
      case 'pay':
      case 'pay_delayed':
        state.complete(session, session.customer_email ?? email ?? DEFAULT_BUYER_EMAIL, {
          delayed: action === 'pay_delayed',
        });
        return reply.redirect(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id), 303);
      case 'decline':
        return html(reply, 402, checkoutPage(session, items, 'Your card was declined. Try another card.'));
      case 'cancel':
        if (session.cancel_url !== null) return reply.redirect(session.cancel_url, 303);
        return html(reply, 200, checkoutPage(session, items, 'Payment cancelled.'));
      default:
        return html(reply, 400, checkoutPage(session, items, 'Choose Pay, Pay (delayed), Decline or Cancel.'));
    }
  });
}
