import helmet from '@fastify/helmet';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set false on routes called by third parties (e.g. payment webhooks), which carry their own signatures. */
    csrf?: boolean;
  }
}

export async function registerSecurity(
  app: FastifyInstance,
  options: { publicUrl: string; rateLimitStore: FastifyRateLimitStoreCtor },
): Promise<void> {
  const https = options.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and chart libraries position elements with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://cdn.discordapp.com'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    // The re-authentication popup posts back to its opener; same-origin-allow-popups keeps that link.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // One frame policy: CSP frame-ancestors 'none' above; a second, contradicting SAMEORIGIN would only confuse.
    frameguard: false,
    // Browsers ignore HSTS over http; sending it there only misleads whoever reads the headers.
    hsts: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
  });

  // Keyed by request.ip: the peer address, or with TRUST_PROXY the right-most address no trusted proxy added.
  await app.register(rateLimit, {
    global: false,
    store: options.rateLimitStore,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`),
  });

  const allowedOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.routeOptions.config.csrf === false) return;
    const origin = requestOrigin(request);
    if (origin !== allowedOrigin) {
      throw new AppError('FORBIDDEN', 'Cross-site request refused: the Origin header must match this site.');
    }
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
