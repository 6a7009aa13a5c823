import * as api from '../../../shared/contracts/payments.js';
import { nowPaymentsClient } from '../../integrations/nowpayments.js';
import { countIncomingWebhook } from '../../metrics/webhook-metrics.js';
import type { ServerModule } from '../server-module.js';
import { receiveIpn } from './ipn.js';
import { createCryptoInvoice, type CryptoInvoiceDeps } from './service.js';

/** Crypto invoices through NOWPayments: the checkout that opens a hosted invoice, and its IPN callbacks. */
export const cryptoInvoicesModule: ServerModule = {
  register(routes, ctx) {
    const settings = ctx.config.nowPayments;
    const deps: CryptoInvoiceDeps = {
      db: ctx.db,
      nowPayments: settings === null ? null : { client: nowPaymentsClient(settings), config: settings },
      publicUrl: ctx.config.publicUrl,
    };
    routes.endpoint(api.createCryptoInvoice, async ({ caller, body }) =>
      createCryptoInvoice(deps, { caller, plan: body.plan, serverId: body.serverId }),
    );
    routes.endpoint(
      api.receiveNowPaymentsWebhook,
      async ({ request }) => {
        await countIncomingWebhook(ctx.metrics, 'nowpayments', () =>
          receiveIpn(deps, { body: request.body, signature: request.headers['x-nowpayments-sig'], log: request.log }),
        );
        return { received: true as const };
      },
      // NOWPayments signs its callbacks; it sends no Origin a browser would.
      { config: { csrf: false } },
    );
  },
};
