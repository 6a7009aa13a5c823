import * as api from '../../../shared/contracts/notifications.js';
import type { ServerModule } from '../server-module.js';
import { countUnreadNotifications, listNotifications, markNotificationRead } from './service.js';

/** The caller's own notifications; nobody reaches anyone else's (staff included). */
export const notificationsModule: ServerModule = {
  register(routes, { db }) {
    routes.endpoint(api.listNotifications, async ({ caller, query }) =>
      listNotifications({ db, userId: caller.user.id, unreadOnly: query.unread === 'true' }),
    );

    routes.endpoint(api.countUnreadNotifications, async ({ caller }) => ({
      count: await countUnreadNotifications({ db, userId: caller.user.id }),
    }));

    routes.endpoint(api.markNotificationRead, async ({ caller, params }) =>
      markNotificationRead({ db, userId: caller.user.id, notificationId: params.id }),
    );
  },
};
