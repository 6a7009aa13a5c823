import * as api from '../../../shared/contracts/admin-staff.js';
import { createAuditNotifications } from '../audits/notifications.js';
import type { ServerModule } from '../server-module.js';
import { listCsuVerification } from './rows.js';
import { decideCsuVerification } from './service.js';

/** The admin page's CSU Verification section: staff verify or deny each server's cold super user account. */
export const csuVerificationModule: ServerModule = {
  register(routes, ctx) {
    const audits = createAuditNotifications(ctx);

    routes.admin.endpoint(api.listCsuVerification, async () => listCsuVerification(ctx.db, new Date()));

    routes.admin.endpoint(api.updateCsuVerification, async ({ caller, params, body }) => {
      const decided = await decideCsuVerification(ctx.db, {
        actor: caller.user,
        serverId: params.serverId,
        verified: body.verified,
        adminNotes: body.adminNotes,
        now: new Date(),
      });
      // The decision has committed: the read caches get the rescored audit before anyone is told of it.
      if (decided.audit !== null) await audits.auditChanged(decided.audit);
      audits.notificationsStored(decided.notifications);
      return decided.row;
    });
  },
};
