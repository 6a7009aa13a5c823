import * as api from '../../../shared/contracts/crypto-subscriptions.js';
import { quotePaywallPlan } from '../../../shared/contracts/payments.js';
import type { RouteRegistrar } from '../server-module.js';
import type { CryptoDeps } from './deps.js';
import { paySubscription } from './pay.js';
import { createSubscription, listSubscriptions, quoteMonth, quotePlan } from './service.js';

export function registerCryptoSubscriptionRoutes(routes: RouteRegistrar, deps: CryptoDeps): void {
  routes.endpoint(api.getCryptoQuote, async ({ params }) => quoteMonth(deps, params.usdAmount));
  routes.endpoint(quotePaywallPlan, async ({ caller, body }) => quotePlan(deps, caller, body));
  routes.endpoint(api.createCryptoSubscription, async ({ caller, body }) => createSubscription(deps, caller, body));
  routes.endpoint(api.listUserCryptoSubscriptions, async ({ caller }) => listSubscriptions(deps, caller));
  routes.endpoint(api.payCryptoSubscription, async ({ caller, params, body }) =>
    paySubscription(deps, caller, { id: params.id, transactionHash: body.transactionHash }),
  );
}
