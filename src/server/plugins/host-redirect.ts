import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOWPAYMENTS_SIMULATOR_PREFIX } from '../config-nowpayments.js';
import { DISCORD_SIMULATOR_PREFIX } from '../config.js';
import { CHAIN_SIMULATOR_PREFIXES } from '../config-chain.js';

/**
 * Paths that answer on any address: load-balancer probes and Prometheus call an instance by its internal address,
 * the server calls its own simulators' APIs over loopback, and payment providers call webhooks. None is a
 * browser, carries cookies or signs in, so they gain nothing from the redirect and would break behind it.
 */
const ANY_HOST_PATHS = ['/healthz', '/readyz', '/metrics'];
const ANY_HOST_PREFIXES = [
  `${DISCORD_SIMULATOR_PREFIX}/api/`,
  // Payment providers' callbacks, signed and cookieless; in demo mode the simulator posts them over loopback.
  '/api/webhooks/',
  `${NOWPAYMENTS_SIMULATOR_PREFIX}/v1/`,
  // The price feed and the chains' JSON-RPC, called by the server itself over loopback in demo mode.
  `${CHAIN_SIMULATOR_PREFIXES.prices}/api/`,
  CHAIN_SIMULATOR_PREFIXES.ethereum,
  CHAIN_SIMULATOR_PREFIXES.solana,
];

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
  const sameHost = sameHostAs(target);
  // A callback hook, not an async one: it runs on every request, and most answer at once.
  app.addHook('onRequest', (request, reply, done) => {
    if (isServedOnAnyHost(request.url) || sameHost(request)) return done();
    const pathAndQuery = request.url.startsWith('/') ? request.url : '/';
    reply.redirect(`${target.origin}${pathAndQuery}`, 307);
  });
}

function isServedOnAnyHost(url: string): boolean {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  return ANY_HOST_PATHS.includes(pathname) || ANY_HOST_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/**
 * Compared as URL hosts, so a default port written out (Host: example.com:443 for https) still matches.
 * The two spellings of PUBLIC_URL's host are recognised without parsing; anything else is parsed as a URL.
 * Fastify's request.host believes X-Forwarded-Host only from proxies TRUST_PROXY names.
 */
function sameHostAs(target: URL): (request: FastifyRequest) => boolean {
  const defaultPort = target.protocol === 'https:' ? '443' : '80';
  const spellings = new Set([target.host, `${target.hostname}:${target.port === '' ? defaultPort : target.port}`]);
  return (request) => {
    if (spellings.has(request.host)) return true;
    try {
      return new URL(`${target.protocol}//${request.host}`).host === target.host;
    } catch {
      return false;
    }
  };
}
