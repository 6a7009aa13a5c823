import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes multipart/form-data (file uploads) instead of JSON, and nothing else. */
    multipart?: boolean;
  }
}

const NUL = '\u0000';
/** Nesting deeper than this is not a legitimate request to this API. */
const MAX_DEPTH = 32;

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (depth > MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, item]) => key.includes(NUL) || containsNul(item, depth + 1));
  }
  return false;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

const mediaTypeOf = (contentType: string | undefined) => contentType?.split(';')[0]?.trim().toLowerCase();

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * The API's input rules that hold for every route, checked once here instead of in each schema:
 * - bodies are JSON only, so an HTML form on another site can never drive an endpoint (CSRF rests on
 *   more than the Origin check); an upload route takes multipart/form-data only, and still needs the
 *   same-origin Origin of every state-changing call;
 * - no string anywhere (query, path, cookies, body at any depth) carries a NUL character, which
 *   PostgreSQL refuses in text and which no legitimate client sends.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Callback hooks, not async ones: they run on every request, and almost every request passes at once.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!hasBody(request) || !isApiPath(request.url)) return done();
    const mediaType = mediaTypeOf(request.headers['content-type']);
    if (request.routeOptions.config.multipart === true) {
      if (mediaType === 'multipart/form-data') return done();
      return done(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send files as multipart/form-data.'));
    }
    if (mediaType === 'application/json') return done();
    done(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be JSON (Content-Type: application/json).'));
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const where = (
      [
        ['query', request.query],
        ['path', request.params],
        ['cookies', request.cookies],
        ['body', request.body],
      ] as const
    ).find(([, value]) => containsNul(value));
    if (where === undefined) return done();
    done(new AppError('BAD_REQUEST', `Invalid ${where[0]}: text must not contain NUL characters.`));
  });
}
