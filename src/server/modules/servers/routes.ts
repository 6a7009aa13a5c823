import * as api from '../../../shared/contracts/servers.js';
import type { ServerModule } from '../server-module.js';
import { createServerLists, listAllServers, listUserServers } from './service.js';

export const serversModule: ServerModule = {
  register(routes, ctx) {
    const lists = createServerLists(ctx.db, ctx.changes);
    routes.endpoint(api.listServers, async ({ caller, request }) =>
      listUserServers(ctx, lists, caller.user, { alreadyChecked: request.serverListChecked, log: request.log }),
    );
    routes.admin.endpoint(api.listAllServers, async () => listAllServers(ctx.db));
  },
};
