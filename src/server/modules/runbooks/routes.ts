import { createHash } from 'node:crypto';
import { listRunbooks } from '../../../shared/contracts/engineer.js';
import { RUNBOOKS } from '../../../shared/runbooks/runbooks.js';
import type { ServerModule } from '../server-module.js';

/**
 * The runbooks change only with a deploy: a browser or proxy keeps them a day without asking, then serves
 * its copy for up to a week while it revalidates in the background; the ETag makes that revalidation a 304.
 */
export const RUNBOOK_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/**
 * Weak: the same runbooks leave the server in different encodings (brotli, gzip or none), which a strong
 * validator would have to tell apart.
 */
const RUNBOOKS_ETAG = `W/"${createHash('sha256').update(JSON.stringify(RUNBOOKS)).digest('base64url').slice(0, 32)}"`;

/** If-None-Match compares weakly (RFC 9110 §13.1.2): `W/` is ignored, `*` matches anything. */
function matchesCurrent(ifNoneMatch: string | undefined): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = RUNBOOKS_ETAG.slice(2);
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === opaque);
}

/** GET /api/runbooks: the DIY runbooks, public and the same for everyone, so long-lived in caches. */
export const runbooksModule: ServerModule = {
  register(routes) {
    routes.endpoint(listRunbooks, async ({ request, reply }) => {
      reply.header('cache-control', RUNBOOK_CACHE_CONTROL).header('etag', RUNBOOKS_ETAG);
      if (matchesCurrent(request.headers['if-none-match'])) return reply.code(304).send();
      return [...RUNBOOKS];
    });
  },
};
