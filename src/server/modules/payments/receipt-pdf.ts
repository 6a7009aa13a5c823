import { ORDER_PRODUCT_LABELS, type PaymentProvider } from '../../../shared/commerce-rules.js';
import type { Payment } from '../../../shared/contracts/payments.js';
import { contentWidth, type Doc, PAGE, renderPdf } from '../../pdf/document.js';
import { drawPageFooters } from '../../pdf/page-frame.js';
import { formatDateTime, pdfSafeName, pdfSafeText } from '../../pdf/text.js';
import { COLOR, drawCaption, FONT } from '../../pdf/theme.js';

/** The receipt of a completed payment (GET /api/payments/{id}/receipt): one A4 page in the report's style. */

export interface PaymentReceipt {
  payment: Payment;
  paidAt: Date;
  buyer: string;
  /** Stripe's PaymentIntent, NOWPayments' payment id or the transaction hash. */
  providerPaymentId: string | null;
}

export const RECEIPT_TITLE = 'Rampart Payment Receipt';

const PAID_BY: Record<PaymentProvider, string> = {
  stripe: 'Card (Stripe)',
  nowpayments: 'Cryptocurrency (NOWPayments)',
  crypto: 'Cryptocurrency (on-chain transfer)',
};

const BAND_HEIGHT = 92;

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

function drawBand(doc: Doc, receipt: PaymentReceipt): void {
  const { margin } = PAGE;
  doc.save().rect(0, 0, doc.page.width, BAND_HEIGHT).fill(COLOR.brand).restore();
  doc.save().rect(0, BAND_HEIGHT, doc.page.width, 3).fill(COLOR.accent).restore();
  doc.font(FONT.bold).fontSize(9).fillColor(COLOR.accent).text('RAMPART', margin, 28, { characterSpacing: 0.6 });
  doc.font(FONT.bold).fontSize(22).fillColor(COLOR.white).text(RECEIPT_TITLE, margin, 42, { lineBreak: false });
  doc
    .font(FONT.regular)
    .fontSize(8)
    .fillColor('#cbd5e1')
    .text(`Paid ${formatDateTime(receipt.paidAt)}`, margin, 30, {
      width: contentWidth(doc),
      align: 'right',
      lineBreak: false,
    });
  doc.x = margin;
  doc.y = BAND_HEIGHT + 30;
}

/** Label and value pairs, two to a row. */
function drawFacts(doc: Doc, facts: readonly { caption: string; value: string }[]): void {
  const left = doc.page.margins.left;
  const half = contentWidth(doc) / 2;
  for (let row = 0; row < facts.length; row += 2) {
    const y = doc.y;
    facts.slice(row, row + 2).forEach((fact, column) => {
      const x = left + column * half;
      drawCaption(doc, fact.caption, x, y);
      doc
        .font(FONT.regular)
        .fontSize(10)
        .fillColor(COLOR.ink)
        .text(fact.value, x, y + 12, { width: half - 12, height: 14, ellipsis: true, lineBreak: false });
    });
    doc.y = y + 36;
  }
}

function drawLineItem(doc: Doc, receipt: PaymentReceipt): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const top = doc.y + 10;
  doc.save().rect(left, top, width, 1).fill(COLOR.rule).restore();
  drawCaption(doc, 'Item', left, top + 12);
  doc
    .font(FONT.bold)
    .fontSize(7.5)
    .fillColor(COLOR.muted)
    .text('AMOUNT', left, top + 12, { width, align: 'right', characterSpacing: 0.3, lineBreak: false });
  const { payment } = receipt;
  const server = payment.serverName === null ? '' : ` for ${pdfSafeName(payment.serverName, 'your server')}`;
  doc
    .font(FONT.regular)
    .fontSize(11)
    .fillColor(COLOR.ink)
    .text(`${ORDER_PRODUCT_LABELS[payment.type]}${server}`, left, top + 28, { width: width - 120 });
  doc.text(usd(payment.amountCents), left, top + 28, { width, align: 'right' });
  const totalTop = top + 58;
  doc.save().rect(left, totalTop, width, 1).fill(COLOR.rule).restore();
  doc
    .font(FONT.bold)
    .fontSize(12)
    .text('Total paid', left, totalTop + 12, { width: width - 120 });
  doc.text(`${usd(payment.amountCents)} USD`, left, totalTop + 12, { width, align: 'right' });
  if (payment.cryptoAmount !== null) {
    doc
      .font(FONT.regular)
      .fontSize(9)
      .fillColor(COLOR.muted)
      .text(`Paid as ${pdfSafeText(payment.cryptoAmount)}`, left, totalTop + 32, { width, align: 'right' });
  }
  doc.x = left;
  doc.y = totalTop + 60;
}

export function renderReceiptPdf(receipt: PaymentReceipt): Promise<Buffer> {
  const { payment } = receipt;
  return renderPdf(
    { title: `${RECEIPT_TITLE} — ${payment.id}`, subject: `Receipt ${payment.id}`, createdAt: receipt.paidAt },
    (doc) => {
      drawBand(doc, receipt);
      drawFacts(doc, [
        { caption: 'Receipt number', value: payment.id },
        { caption: 'Date paid', value: formatDateTime(receipt.paidAt) },
        { caption: 'Billed to', value: pdfSafeName(receipt.buyer, 'Rampart customer') },
        { caption: 'Paid by', value: PAID_BY[payment.provider] },
        { caption: 'Payment reference', value: receipt.providerPaymentId ?? '—' },
        { caption: 'Status', value: 'Paid' },
      ]);
      drawLineItem(doc, receipt);
      doc
        .font(FONT.regular)
        .fontSize(9)
        .fillColor(COLOR.body)
        .text('Thank you for choosing Rampart. Keep this receipt for your records.', { width: contentWidth(doc) });
      drawPageFooters(doc, `Rampart  ·  receipt ${payment.id}`);
    },
  );
}
