import type { AppContext } from '../../app-context.js';
import type { ServerModule } from '../server-module.js';
import { chainInspector } from './chain-inspector.js';
import { registerCryptoSubscriptionRoutes } from './routes.js';
import { createSubscriptionSweep, type SubscriptionSweep } from './sweep.js';

/**
 * Quotes and the monthly crypto subscription. The lapse and reminder sweep is returned beside the module,
 * since its start and stop belong to the process's lifecycle.
 */
export function createCryptoSubscriptionsModule(
  ctx: AppContext,
  options: { now?: () => Date } = {},
): { module: ServerModule; sweep: SubscriptionSweep } {
  const deps = {
    ...ctx,
    now: options.now ?? (() => new Date()),
    inspect: chainInspector(ctx.config.chain),
  };
  return {
    module: { register: (routes) => registerCryptoSubscriptionRoutes(routes, deps) },
    sweep: createSubscriptionSweep(deps),
  };
}
