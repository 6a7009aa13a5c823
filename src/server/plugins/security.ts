import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set false on routes called by third parties (e.g. payment webhooks), which carry their own signatures. */
    csrf?: boolean;
    /** Set true on what other sites may embed (the certificate badge): its answers may be loaded cross-origin. */
    embeddable?: boolean;
  }
}

export async function registerSecurity(
  app: FastifyInstance,
  options: { publicUrl: string; rateLimitStore: FastifyRateLimitStoreCtor },
): Promise<void> {
  const https = options.publicUrl.startsWith('https://');
  const documentHeaders = securityHeaders(https);
  const jsonHeaders = jsonSecurityHeaders(https);
  // Built once and chosen by what the answer is, on send, when its type is known: however it ended (an
  // error, a redirect, a file), nothing about the headers is worked out per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(isJson(reply.getHeader('content-type')) ? jsonHeaders : documentHeaders);
    if (request.routeOptions.config.embeddable === true) reply.header('cross-origin-resource-policy', 'cross-origin');
    done(null, payload);
  });

  // Keyed by request.ip: the peer address, or with TRUST_PROXY the right-most address no trusted proxy added.
  await app.register(rateLimit, {
    global: false,
    store: options.rateLimitStore,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`),
  });

  const allowedOrigin = new URL(options.publicUrl).origin;
  // A callback hook, not an async one: it runs on every request, and most are reads it lets through at once.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return done();
    if (request.routeOptions.config.csrf === false || requestOrigin(request) === allowedOrigin) return done();
    done(new AppError('FORBIDDEN', 'Cross-site request refused: the Origin header must match this site.'));
  });
}

function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('application/json');
}

/**
 * What a JSON answer carries (OWASP's REST Security Cheat Sheet): it is never a document, so it needs no
 * policy for scripts, styles, frames or popups, only that it loads nothing, is framed nowhere, is never
 * sniffed into something else, is read by this origin alone and leaks no referrer. Fewer and shorter
 * headers than a page's keep the many small API answers cheap (docs/decisions/0022).
 */
export function jsonSecurityHeaders(https: boolean): Readonly<Record<string, string>> {
  return {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
  };
}

/**
 * The headers every other answer (pages, scripts, files, redirects) carries (the set helmet would send, written out). The CSP allows scripts only
 * from this origin; Radix and the charts position elements with style attributes, hence inline styles;
 * one frame policy (frame-ancestors 'none', no contradicting X-Frame-Options); the re-authentication popup
 * posts back to its opener, hence same-origin-allow-popups; HSTS only over https, where browsers heed it.
 */
export function securityHeaders(https: boolean): Readonly<Record<string, string>> {
  const contentSecurityPolicy = [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' https: data:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "img-src 'self' data: https://cdn.discordapp.com",
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    ...(https ? ['upgrade-insecure-requests'] : []),
    "connect-src 'self'",
  ].join(';');
  return {
    'content-security-policy': contentSecurityPolicy,
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}
