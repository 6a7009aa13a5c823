import { listStaffActions as listStaffActionsEndpoint } from '../../../shared/contracts/admin-staff.js';
import type { ServerModule } from '../server-module.js';
import { listStaffActions } from './activity.js';

/** The admin page's Activity section: the audit trail every staff action writes (record.ts). */
export const staffActionsModule: ServerModule = {
  register(routes, ctx) {
    routes.admin.endpoint(listStaffActionsEndpoint, async ({ query }) => listStaffActions(ctx.db, query));
  },
};
