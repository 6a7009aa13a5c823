import type { FastifyError, FastifyInstance, FastifyPluginAsync } from 'fastify';
import qs from 'qs';
import { registerApiRoutes } from './api-routes.js';
import { registerHostedPage } from './hosted-page.js';
import { StripeSimulatorState } from './state.js';
import { sendStripeError, StripeApiError } from './stripe-errors.js';
import { registerTestControls } from './test-controls.js';
import { WebhookDispatcher } from './webhooks.js';
import { stripeId } from './objects.js';

export interface StripeSimulatorOptions {
  /** The secret key (`sk_test_…`) the API accepts. */
  apiKey: string;
  /** The endpoint secret (`whsec_…`) deliveries are signed with. */
  webhookSecret: string;
  /** Where browsers reach this simulator: the hosted page's address in each Session's `url`. */
  publicBaseUrl: string;
  /** Where events are delivered (changeable through `/__sim/webhook-endpoint`); null delivers nothing. */
  webhookUrl?: string | null;
  /** Waits before each delivery retry (default 1 s, 5 s, 25 s: Stripe's back-off, compressed). */
  retryDelaysMs?: readonly number[];
  /** How often open sessions are checked for expiry. */
  expirySweepMs?: number;
  now?: () => number;
  /** Receives the simulator's state, for tests that look inside. */
  state?: StripeSimulatorState;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * Stripe's Checkout API, hosted page, signed webhooks and test controls as one encapsulated Fastify plugin,
 * to be served at the root of its own origin: stripe-node takes a host and port but no path.
 */
export const stripeSimulator: FastifyPluginAsync<StripeSimulatorOptions> = async (
  instance: FastifyInstance,
  options,
) => {
  const now = options.now ?? Date.now;
  const state = options.state ?? new StripeSimulatorState(options.publicBaseUrl, now);
  const webhooks = new WebhookDispatcher({
    secret: options.webhookSecret,
    url: options.webhookUrl ?? null,
    retryDelaysMs: options.retryDelaysMs ?? [1_000, 5_000, 25_000],
    now,
    mode: () => state.deliveryMode,
  });
  state.onEvent = (event) => webhooks.dispatch(event);

  // stripe-node sends bracketed form bodies (`line_items[0][price_data][currency]=usd`); integers stay strings.
  if (instance.hasContentTypeParser(FORM_TYPE)) instance.removeContentTypeParser(FORM_TYPE);
  instance.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => {
    done(null, qs.parse(String(body), { depth: 10, arrayLimit: 100, parameterLimit: 1000 }));
  });

  instance.addHook('onRequest', async (_request, reply) => {
    reply.header('request-id', stripeId('req_', 14));
  });
  instance.setErrorHandler<FastifyError | StripeApiError>(async (error, _request, reply) => {
    if (error instanceof StripeApiError) return sendStripeError(reply, error.status, error.body);
    const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 500;
    return sendStripeError(reply, status, {
      type: status < 500 ? 'invalid_request_error' : 'api_error',
      message: error.message,
    });
  });
  instance.setNotFoundHandler(async (request, reply) =>
    sendStripeError(reply, 404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${request.method}: ${request.url}).`,
    }),
  );

  registerApiRoutes(instance, state, options.apiKey);
  registerHostedPage(instance, state);
  registerTestControls(instance, state, webhooks);

  const sweep = setInterval(() => state.expireDue(), options.expirySweepMs ?? 10_000);
  sweep.unref();
  instance.addHook('onClose', async () => {
    clearInterval(sweep);
    webhooks.close();
  });
};
