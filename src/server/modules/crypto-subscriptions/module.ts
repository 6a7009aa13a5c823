import type { AppContext } from '../../app-context.js';
import type { ServerModule } from '../server-module.js';
import { ethereumClient } from './ethereum-payments.js';
import { registerCryptoSubscriptionRoutes } from './routes.js';
import { solanaClient } from './solana-payments.js';
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
    ethereum: ethereumClient(ctx.config.chain.ethereum),
    solana: solanaClient(ctx.config.chain.solana),
  };
  return {
    module: { register: (routes) => registerCryptoSubscriptionRoutes(routes, deps) },
    sweep: createSubscriptionSweep(deps),
  };
}
