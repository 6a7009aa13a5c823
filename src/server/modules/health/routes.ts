import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.js';
import { errorBody } from '../../plugins/error-handler.js';

export async function healthRoutes(app: FastifyInstance, database: Pick<DatabaseHandle, 'ping'>): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ready' };
    } catch (error) {
      request.log.error({ err: error }, 'database not reachable');
      return reply.status(503).send(errorBody('UPSTREAM_UNAVAILABLE', 'Database not reachable'));
    }
  });
}
