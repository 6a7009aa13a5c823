import Stripe from 'stripe';
import * as api from '../../../shared/contracts/payments.js';
import { AppError } from '../../errors.js';
import { createStripeClient } from '../../integrations/stripe.js';
import { countIncomingWebhook } from '../../metrics/webhook-metrics.js';
import type { ServerModule } from '../server-module.js';
import { startStripeCheckout } from './checkout.js';
import { handleStripeEvent, verifyStripeEvent } from './webhook.js';

const JSON_TYPE = 'application/json';

/** Stripe unreachable while re-reading an event: a 502, which Stripe answers by delivering the event again. */
function asUpstreamFailure(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) {
    throw new AppError(
      'UPSTREAM_UNAVAILABLE',
      'Stripe could not be asked about this event; it will be delivered again.',
      {
        cause: error,
      },
    );
  }
  throw error;
}

/**
 * Card checkout through Stripe: the paywall's checkout and Stripe's webhook. The webhook is signed over
 * its exact bytes, so its scope reads JSON bodies as raw Buffers; it carries no Origin (a server calls it),
 * so the signature stands in for the CSRF check.
 */
export const stripeCheckoutModule: ServerModule = {
  register(routes, ctx) {
    const stripeConfig = ctx.config.stripe;
    const stripe = stripeConfig === null ? null : createStripeClient(stripeConfig);
    const now = () => new Date();

    routes.endpoint(api.createStripeCheckout, async ({ caller, body, request }) =>
      startStripeCheckout(
        { db: ctx.db, stripe, publicUrl: ctx.config.publicUrl, log: request.log, now },
        { caller, plan: body.plan, serverId: body.serverId },
      ),
    );

    const raw = routes.scoped(async (scope) => {
      if (scope.hasContentTypeParser(JSON_TYPE)) scope.removeContentTypeParser(JSON_TYPE);
      scope.addContentTypeParser(JSON_TYPE, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    });
    raw.endpoint(
      api.receiveStripeWebhook,
      async ({ request }) => {
        const deps = {
          db: ctx.db,
          stripe,
          webhookSecret: stripeConfig?.webhookSecret ?? null,
          log: request.log,
          realtime: ctx.realtime,
          now,
        };
        await countIncomingWebhook(ctx.metrics, 'stripe', async () => {
          const event = verifyStripeEvent(deps, request.body, request.headers['stripe-signature']);
          // verifyStripeEvent refused the delivery already when Stripe is not configured.
          if (stripe === null) return 'processed';
          return handleStripeEvent({ ...deps, stripe }, event).catch(asUpstreamFailure);
        });
        return { received: true as const };
      },
      { config: { csrf: false } },
    );
  },
};
