import * as api from '../../../shared/contracts/payments.js';
import type { ServerModule } from '../server-module.js';
import { renderReceiptPdf } from './receipt-pdf.js';
import { listPayments, receiptOf } from './service.js';

/**
 * The billing page's payment history and each completed payment's receipt. A receipt is one short page
 * (a few milliseconds of pdfkit), so it is drawn at once rather than through the audit reports' queue,
 * whose 503 the receipt's declaration does not include.
 */
export const paymentsModule: ServerModule = {
  register(routes, ctx) {
    routes.endpoint(api.listPayments, async ({ caller }) => listPayments(ctx.db, caller.user.id));

    routes.endpoint(api.downloadPaymentReceipt, async ({ caller, params, reply }) => {
      const receipt = await receiptOf(ctx.db, caller.user.id, params.id);
      const pdf = await renderReceiptPdf(receipt);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="rampart-receipt-${receipt.payment.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });
  },
};
