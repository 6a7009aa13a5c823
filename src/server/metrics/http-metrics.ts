import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.js';

/** The route label of a request no route matched (unknown paths, early refusals): one series, not one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts and times every answer by route pattern (`/api/audits/:id`, never the URL, whose ids would make a
 * series per object), method and status. Registered only when metrics are on, so an instance nobody
 * scrapes pays nothing per request.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.httpRequests.inc({ route, method: request.method, status: reply.statusCode });
    metrics.httpDuration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    done();
  });
}
