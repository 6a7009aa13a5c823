import type { FastifyError, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { errorBody, registerApiRoutes } from './api-routes.js';
import { registerControlRoutes } from './control-routes.js';
import { registerPageRoutes } from './page-routes.js';
import { NowPaymentsState, type NowPaymentsStateOptions } from './state.js';

export interface NowPaymentsSimulatorOptions extends NowPaymentsStateOptions {
  /** Shared state; tests pass one to drive payments. Created from the options if absent. */
  state?: NowPaymentsState;
  /** The address buyers reach this simulator at (invoice_url is built on it), without a trailing slash. */
  publicBase: string | (() => string);
}

/**
 * NOWPayments' REST API (`/v1/...`), its hosted invoice page (`/payment/?iid=`) and signed IPN callbacks, as
 * an encapsulated Fastify plugin: mounted under a prefix in demo mode, on its own server in tests.
 */
export const nowPaymentsSimulator: FastifyPluginAsync<NowPaymentsSimulatorOptions> = async (
  instance: FastifyInstance,
  options,
) => {
  const state = options.state ?? new NowPaymentsState(options);
  const { publicBase } = options;
  instance.addHook('onClose', async () => state.close());
  instance.setErrorHandler((error: FastifyError, request, reply) => {
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'NOWPayments simulator failed');
    return reply
      .code(status)
      .send(errorBody(status, status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_REQUEST_PARAMS', error.message));
  });
  instance.setNotFoundHandler(async (_request, reply) =>
    reply.code(404).send(errorBody(404, 'NOT_FOUND', 'Not found')),
  );
  registerApiRoutes(instance, state, { publicBase: typeof publicBase === 'string' ? () => publicBase : publicBase });
  registerPageRoutes(instance, state);
  registerControlRoutes(instance, state);
};
