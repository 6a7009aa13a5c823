import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DISCORD_SIMULATOR_PREFIX } from '../config.js';

/**
 * Paths that answer on any address: load-balancer probes call an instance by its internal address,
 * and the server calls its own Discord simulator's API over loopback. Neither is a browser, carries
 * cookies or signs in, so they gain nothing from the redirect and would break behind it.
 */
const ANY_HOST_PATHS = ['/healthz', '/readyz'];
const ANY_HOST_PREFIXES = [`${DISCORD_SIMULATOR_PREFIX}/api/`];

/**
 * Sends a browser that reached the app under another name (127.0.0.1 for localhost, an IP for the
 * domain) to the same path on PUBLIC_URL before anything else runs: cookies are kept per host name,
 * so sign-in, sessions and the CSRF origin check only work on the one address. The target is always
 * PUBLIC_URL, never a name taken from the request, so a forged Host header cannot redirect anywhere.
 * 307: temporary, so a browser never caches a redirect that outlives a change of PUBLIC_URL, and the
 * method and body are kept.
 */
export function registerHostRedirect(app: FastifyInstance, publicUrl: string): void {
  const target = new URL(publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    if (isServedOnAnyHost(request.url) || sameHost(request, target)) return;
    const pathAndQuery = request.url.startsWith('/') ? request.url : '/';
    return reply.redirect(`${target.origin}${pathAndQuery}`, 307);
  });
}

function isServedOnAnyHost(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return ANY_HOST_PATHS.includes(pathname) || ANY_HOST_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/**
 * Compared as URL hosts, so a default port written out (Host: example.com:443 for https) still matches.
 * Fastify's request.host believes X-Forwarded-Host only from proxies TRUST_PROXY names.
 */
function sameHost(request: FastifyRequest, target: URL): boolean {
  try {
    return new URL(`${target.protocol}//${request.host}`).host === target.host;
  } catch {
    return false;
  }
}
