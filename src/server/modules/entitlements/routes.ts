import * as api from '../../../shared/contracts/entitlements.js';
import type { ServerModule } from '../server-module.js';
import { listEntitlements } from './service.js';

export const entitlementsModule: ServerModule = {
  register(routes, ctx) {
    routes.endpoint(api.listEntitlements, async ({ caller }) => listEntitlements(ctx.db, caller.user.id));
  },
};
