import { ORDER_PRODUCT_LABELS, type PaymentProvider } from '../../../shared/commerce-rules.js';
import type { Payment } from '../../../shared/contracts/payments.js';
import { contentWidth, type Doc, renderPdf } from '../../pdf/document.js';
import { drawFactGrid, drawPageFooters, drawTitleBand } from '../../pdf/page-frame.js';
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

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

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
      drawTitleBand(doc, RECEIPT_TITLE, `Paid ${formatDateTime(receipt.paidAt)}`);
      drawFactGrid(doc, [
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
