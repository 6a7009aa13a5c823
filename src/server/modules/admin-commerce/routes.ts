import * as api from '../../../shared/contracts/admin-commerce.js';
import type { ServerModule } from '../server-module.js';
import { listAdminEntitlements, listServiceEngagements, updateServiceEngagement } from './service.js';

/** The admin page's commerce sections: every entitlement, and the Full Service engagements staff work through. */
export const adminCommerceModule: ServerModule = {
  register(routes, ctx) {
    routes.admin.endpoint(api.listAdminEntitlements, async () => listAdminEntitlements(ctx.db));
    routes.admin.endpoint(api.listServiceEngagements, async () => listServiceEngagements(ctx.db));
    routes.admin.endpoint(api.updateServiceEngagement, async ({ caller, params, body }) =>
      updateServiceEngagement(ctx.db, { id: params.id, update: body, now: new Date(), actor: caller.user }),
    );
  },
};
