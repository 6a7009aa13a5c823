import * as api from '../../../shared/contracts/servers.js';
import type { ServerModule } from '../server-module.js';
import { listAllServers, listUserServers } from './service.js';

export const serversModule: ServerModule = {
  register(routes, ctx) {
    routes.endpoint(api.listServers, async ({ caller, request }) =>
      listUserServers(ctx, caller.user, { alreadyChecked: request.serverListChecked, log: request.log }),
    );
    routes.admin.endpoint(api.listAllServers, async () => listAllServers(ctx.db));
  },
};
