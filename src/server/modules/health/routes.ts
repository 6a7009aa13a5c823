import { getLiveness, getReadiness } from '../../../shared/contracts/health.js';
import { AppError } from '../../errors.js';
import type { ServerModule } from '../server-module.js';

export const healthModule: ServerModule = {
  register(routes, ctx) {
    routes.endpoint(getLiveness, async () => ({ status: 'ok' as const }));
    routes.endpoint(getReadiness, async ({ request }) => {
      try {
        await ctx.pingDatabase();
        return { status: 'ready' as const };
      } catch (error) {
        request.log.error({ err: error }, 'database not reachable');
        // 503, not 502: the database is this service's own part, and a balancer should stop sending it traffic.
        throw new AppError('SERVICE_UNAVAILABLE', 'Database not reachable', { cause: error });
      }
    });
  },
};
