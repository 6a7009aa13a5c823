import { getLiveness, getReadiness } from '../../../shared/contracts/health.js';
import { errorBody } from '../../plugins/error-handler.js';
import type { ServerModule } from '../server-module.js';

export const healthModule: ServerModule = {
  register(routes, ctx) {
    routes.endpoint(getLiveness, async () => ({ status: 'ok' as const }));
    routes.endpoint(getReadiness, async ({ request, reply }) => {
      try {
        await ctx.pingDatabase();
        return { status: 'ready' as const };
      } catch (error) {
        request.log.error({ err: error }, 'database not reachable');
        return reply.status(503).send(errorBody('UPSTREAM_UNAVAILABLE', 'Database not reachable'));
      }
    });
  },
};
