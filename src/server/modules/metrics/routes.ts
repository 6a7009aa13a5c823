import { timingSafeEqual } from 'node:crypto';
import { getMetrics } from '../../../shared/contracts/metrics.js';
import { sha256 } from '../../crypto.js';
import { AppError } from '../../errors.js';
import type { ServerModule } from '../server-module.js';

/**
 * Prometheus's scrape. Off (404, as for any unknown path) unless METRICS_TOKEN is set; then only a
 * request bearing the token is answered. Never cached: each scrape must read the values of its moment.
 * It is not behind any rate limit: scrapers call it on a fixed cadence, and the token keeps others out.
 */
export const metricsModule: ServerModule = {
  register(routes, ctx) {
    const { metricsToken } = ctx.config;
    const expected = metricsToken === undefined ? undefined : sha256(metricsToken);
    routes.endpoint(getMetrics, async ({ request, reply }) => {
      if (expected === undefined) throw new AppError('NOT_FOUND', 'Not found.');
      if (!bearsToken(request.headers.authorization, expected)) {
        throw new AppError('UNAUTHORIZED', 'Send the metrics token as Authorization: Bearer <token>.');
      }
      const { registry } = ctx.metrics;
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    });
  },
};

/** Compared as SHA-256 digests: equal lengths for timingSafeEqual, and no timing that depends on the token. */
function bearsToken(authorization: string | undefined, expectedDigest: string): boolean {
  const match = /^Bearer (\S+)$/.exec(authorization ?? '');
  if (match?.[1] === undefined) return false;
  return timingSafeEqual(Buffer.from(sha256(match[1]), 'hex'), Buffer.from(expectedDigest, 'hex'));
}
