import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/** An id a proxy or client may hand us: short, and nothing that could forge or break a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** Marks a request's own logger (and its children), whose lines already carry the id as a binding. */
const BOUND_TO_REQUEST = Symbol('rampart.boundToRequest');

/** The id of the request being served, for lines written through the app's logger (services' `ctx.log`). */
const servedRequest = new AsyncLocalStorage<string>();

/** The caller's X-Request-Id when it is safe to log, so one id follows a request across services; else a new one. */
export function requestIdOf(raw: IncomingMessage): string {
  const offered = raw.headers[REQUEST_ID_HEADER];
  return typeof offered === 'string' && SAFE_REQUEST_ID.test(offered) ? offered : randomUUID();
}

/**
 * Adds `reqId` to a line written while serving a request by a logger that does not carry it already
 * (pino passes the writing logger as the third argument).
 */
export function requestIdMixin(_mergeObject: object, _level: number, logger: unknown): { reqId?: string } {
  if ((logger as Record<symbol, unknown>)[BOUND_TO_REQUEST] === true) return {};
  const reqId = servedRequest.getStore();
  return reqId === undefined ? {} : { reqId };
}

/** Fastify's options that name requests: our id instead of its counter, and request loggers marked as bound. */
export const REQUEST_ID_OPTIONS = {
  genReqId: requestIdOf,
  // Read by genReqId, which refuses unsafe values; Fastify's own reading would take any header value.
  requestIdHeader: false,
  childLoggerFactory(logger, bindings, options) {
    const child: FastifyBaseLogger & { [BOUND_TO_REQUEST]?: true } = logger.child(bindings, options);
    child[BOUND_TO_REQUEST] = true;
    return child;
  },
} satisfies Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader' | 'childLoggerFactory'>;

/**
 * Answers every request with its id and serves it inside the id's context. Registered before any other
 * hook, so redirects and early refusals carry the header too. The context is entered again once the body
 * is read: the stream's events arrive outside it.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    servedRequest.run(request.id, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    servedRequest.run(request.id, done);
  });
}
