import type { SimulatedInvoice, SimulatedPayment } from './types.js';

/**
 * HTML of the hosted invoice page: plain forms and links, no script and no inline style, so it works under
 * the product's CSP when mounted in demo mode. Styling comes from INVOICE_CSS, served beside the page.
 */

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export const INVOICE_CSS = `
:root { color-scheme: light; font-family: system-ui, sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #eef1f6; color: #1b1f29; }
.card { width: min(480px, 92vw); background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 8px 24px #0002; }
.banner { font-size: 12px; text-transform: uppercase; letter-spacing: .08em; color: #8a5a00; margin: 0 0 12px; }
h1 { font-size: 20px; margin: 0 0 8px; }
.amount { font-size: 28px; font-weight: 700; margin: 8px 0; }
.muted { color: #5b6472; font-size: 14px; }
code { word-break: break-all; background: #f3f4f6; padding: 2px 4px; border-radius: 4px; }
fieldset { border: 1px solid #d0d5dd; border-radius: 8px; margin: 16px 0; padding: 8px 12px; }
.coin { display: flex; gap: 8px; padding: 4px 0; }
.actions { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 16px; align-items: center; }
button { font: inherit; border: 0; border-radius: 6px; padding: 8px 16px; cursor: pointer; background: #2d5bff; color: #fff; }
button.secondary { background: #e4e7ec; color: #1b1f29; }
a { color: #2d5bff; }
button:focus-visible, input:focus-visible, a:focus-visible { outline: 2px solid #1b1f29; outline-offset: 2px; }
`;

const IN_PROGRESS = new Set(['confirming', 'confirmed', 'sending']);

function layout(title: string, body: string, refresh: boolean): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${refresh ? '<meta http-equiv="refresh" content="1">\n' : ''}<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="invoice.css">
</head>
<body>
<main class="card">
<p class="banner">NOWPayments simulator · demo mode</p>
${body}
</main>
</body>
</html>
`;
}

function cancelLink(invoice: SimulatedInvoice): string {
  return invoice.cancelUrl === null ? '' : `<a href="${escapeHtml(invoice.cancelUrl)}">Cancel</a>`;
}

function header(invoice: SimulatedInvoice): string {
  const description = invoice.orderDescription === null ? '' : `<p>${escapeHtml(invoice.orderDescription)}</p>`;
  return `<h1>Invoice ${escapeHtml(invoice.id)}</h1>
${description}
<p class="amount">${escapeHtml(String(invoice.priceAmount))} ${escapeHtml(invoice.priceCurrency.toUpperCase())}</p>`;
}

/** Before a coin is picked: the amount, the coins with what each would cost, Continue and Cancel. */
export function chooseCoinPage(invoice: SimulatedInvoice, coins: { code: string; amount: number }[]): string {
  const options = coins
    .map(
      (
        coin,
        index,
      ) => `<div class="coin"><input type="radio" id="coin-${escapeHtml(coin.code)}" name="pay_currency" value="${escapeHtml(coin.code)}"${index === 0 ? ' checked' : ''}>
<label for="coin-${escapeHtml(coin.code)}">${escapeHtml(coin.code.toUpperCase())} (${escapeHtml(String(coin.amount))})</label></div>`,
    )
    .join('\n');
  return layout(
    `Invoice ${invoice.id}`,
    `${header(invoice)}
<form method="post" action="?iid=${escapeHtml(invoice.id)}">
<fieldset><legend>Pay with</legend>
${options}
</fieldset>
<div class="actions"><button type="submit" name="action" value="choose">Continue</button>${cancelLink(invoice)}</div>
</form>`,
    false,
  );
}

/** A coin is picked: where to send what, the payment's status, and what the simulated buyer can do next. */
export function paymentPage(invoice: SimulatedInvoice, payment: SimulatedPayment): string {
  const coin = payment.payCurrency.toUpperCase();
  const due = `<p>Send <strong>${escapeHtml(String(payment.payAmount))} ${escapeHtml(coin)}</strong> to <code>${escapeHtml(payment.payAddress)}</code></p>`;
  const status = `<p role="status">Status: <strong>${escapeHtml(payment.status)}</strong></p>`;
  let next = '';
  if (payment.status === 'waiting') {
    next = `<form method="post" action="?iid=${escapeHtml(invoice.id)}">
<div class="actions">
<button type="submit" name="action" value="full">Pay in full</button>
<button type="submit" name="action" value="partial" class="secondary">Pay partially</button>
<button type="submit" name="action" value="expire" class="secondary">Let it expire</button>
${cancelLink(invoice)}
</div>
</form>`;
  } else if (IN_PROGRESS.has(payment.status)) {
    next = '<p class="muted">Your payment is being confirmed on the network. This page refreshes by itself.</p>';
  } else if (payment.status === 'finished') {
    next = `<p>Payment complete.</p>${invoice.successUrl === null ? '' : `<p><a href="${escapeHtml(invoice.successUrl)}">Return to the shop</a></p>`}`;
  } else if (payment.status === 'partially_paid') {
    next = `<p>Only ${escapeHtml(String(payment.actuallyPaid))} ${escapeHtml(coin)} arrived; the invoice is not paid.</p><div class="actions">${cancelLink(invoice)}</div>`;
  } else {
    next = `<p>This payment is ${escapeHtml(payment.status)}.</p><div class="actions">${cancelLink(invoice)}</div>`;
  }
  return layout(
    `Invoice ${invoice.id}`,
    `${header(invoice)}\n${due}\n${status}\n${next}`,
    IN_PROGRESS.has(payment.status),
  );
}

export function notFoundPage(): string {
  return layout('Invoice not found', '<h1>Invoice not found</h1><p>Check the link you were given.</p>', false);
}
