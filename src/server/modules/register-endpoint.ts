import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import {
  type BodyOf,
  type Endpoint,
  isRawResponse,
  type ParamsOf,
  type QueryOf,
  type RawResponse,
  type ResponseOf,
} from '../../shared/contracts/endpoint.js';
import { ApiErrorBody, statusOfErrorCode } from '../../shared/contracts/errors.js';
import { AppError } from '../errors.js';
import type { Caller } from './auth/caller.js';

/** A public endpoint may be called by a visitor; the others run only for a caller their access admits. */
export type CallerOf<E extends Endpoint> = E['access'] extends 'public' ? Caller | null : Caller;

/** What a handler receives: the validated input of its declaration and the caller its access rule admitted. */
export interface EndpointInput<E extends Endpoint> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  caller: CallerOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A JSON endpoint returns its declared body (sent with the declared status), or the reply it already
 * sent for an answer the declaration does not describe (readiness's 503); a raw endpoint (a PDF, a
 * redirect, a script) always sends through `reply` and returns it.
 */
export type EndpointResult<E extends Endpoint> = E['response'] extends RawResponse
  ? FastifyReply
  : ResponseOf<E> | FastifyReply;

export type EndpointHandler<E extends Endpoint> = (input: EndpointInput<E>) => Promise<EndpointResult<E>>;

/**
 * Route options some endpoints need: a rate limit, leaving the CSRF origin check to a signature, taking
 * a multipart body instead of JSON, or being embeddable by other sites.
 */
export interface EndpointOptions {
  config?: Pick<FastifyContextConfig, 'rateLimit' | 'csrf' | 'multipart' | 'embeddable'>;
}

const ADMIN_PATH_PREFIX = '/api/admin/';
const adminScopes = new WeakSet<FastifyInstance>();

/**
 * Makes `scope` the admin scope: a request in it reaches no handler unless its caller is an admin
 * (401 for a visitor, 403 for anyone else). Only endpoints declared `admin` may be registered in it.
 */
export function guardAdminScope(scope: FastifyInstance): void {
  adminScopes.add(scope);
  scope.addHook('preHandler', async (request) => {
    requireAdmin(request.caller);
  });
}

/**
 * Registers one declared endpoint: method, path and schemas come from the declaration (each declared
 * error code answers with the error envelope), and its access rule runs before the handler. Refuses at
 * boot an admin endpoint outside the admin scope, or anything else inside it.
 */
export function registerEndpoint<E extends Endpoint>(
  scope: FastifyInstance,
  declaration: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions = {},
): void {
  const where = `${declaration.name} (${declaration.method} ${declaration.path}, access ${declaration.access})`;
  const belongsToAdmin = declaration.access === 'admin' || declaration.path.startsWith(ADMIN_PATH_PREFIX);
  if (belongsToAdmin && !adminScopes.has(scope)) throw new Error(`${where} must be registered in the admin scope`);
  if (!belongsToAdmin && adminScopes.has(scope)) throw new Error(`${where} must not be registered in the admin scope`);
  if (declaration.access !== 'admin' && belongsToAdmin)
    throw new Error(`${where} is under /api/admin/: declare it admin`);
  scope.route({
    method: declaration.method,
    url: declaration.path,
    schema: schemaOf(declaration),
    ...(options.config === undefined ? {} : { config: options.config }),
    handler: async (request, reply) => {
      const caller = callerFor(declaration, request.caller);
      // The schemas above validated these against the declaration before the handler runs.
      const input = {
        params: request.params as ParamsOf<E>,
        query: request.query as QueryOf<E>,
        body: request.body as BodyOf<E>,
        caller,
        request,
        reply,
      };
      const result = await handler(input);
      // A handler that answered through `reply` returns it, but a reply is a thenable: awaiting it waits for
      // the answer to finish and yields undefined, so what tells is whether it was sent. A body is returned
      // for Fastify to send, not sent here: returning the reply would make Fastify wait for it to finish.
      if (reply.sent) return undefined;
      reply.code(declaration.status);
      return result;
    },
  });
}

function callerFor<E extends Endpoint>(declaration: E, caller: Caller | null): CallerOf<E> {
  switch (declaration.access) {
    case 'public':
      return caller as CallerOf<E>;
    case 'user':
      return requireUser(caller) as CallerOf<E>;
    case 'admin':
      return requireAdmin(caller) as CallerOf<E>;
  }
}

function requireUser(caller: Caller | null): Caller {
  if (caller === null) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  return caller;
}

function requireAdmin(caller: Caller | null): Caller {
  const user = requireUser(caller);
  if (!user.isAdmin) throw new AppError('FORBIDDEN', 'Administrators only.');
  return user;
}

function schemaOf(declaration: Endpoint): FastifySchema {
  const response: Record<number, z.ZodType> = {};
  if (!isRawResponse(declaration.response)) response[declaration.status] = declaration.response;
  for (const code of declaration.errors) response[statusOfErrorCode(code)] = ApiErrorBody;
  return {
    ...(declaration.params === undefined ? {} : { params: declaration.params }),
    ...(declaration.query === undefined ? {} : { querystring: declaration.query }),
    ...(declaration.body === undefined ? {} : { body: declaration.body }),
    ...(Object.keys(response).length === 0 ? {} : { response }),
  };
}
