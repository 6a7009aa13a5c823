import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SimulatedAppConfig, SimulatorContext } from './context.js';
import { apiRoute, authScheme } from './context.js';
import { DiscordApiError, notFound, OAuthError, rateLimitedBody } from './discord-errors.js';
import { registerFormParser } from './form-body.js';
import { attachGateway, registerGatewayRoute } from './gateway.js';
import { registerGuildRoutes } from './guild-routes.js';
import { registerAuthorizeRoutes } from './oauth-authorize.js';
import { registerTokenRoutes } from './oauth-token.js';
import { createSimulatorState } from './state.js';
import type { SimulatorState } from './state.js';
import { registerUserRoutes } from './user-routes.js';
import { registerWebhookRoutes } from './webhook-routes.js';

export interface DiscordSimulatorOptions extends SimulatedAppConfig {
  /** Shared state; tests pass one to toggle failures and read the request log. Created from fixtures if absent. */
  state?: SimulatorState;
  /** Where a created state keeps bot invites across restarts (ignored when `state` is given). */
  statePath?: string;
  /** Receives the simulator's warnings (e.g. an unreadable state file); defaults to the Fastify logger. */
  logger?: { warn(message: string): void };
}

interface ApiRequestInfo {
  route: string;
  path: string;
}

/** Path of the request without the query string. */
function pathOf(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index < 0 ? request.url : request.url.slice(0, index);
}

function stringParams(request: FastifyRequest): Record<string, string> {
  const params: unknown = request.params;
  if (typeof params !== 'object' || params === null) return {};
  return Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The route pattern without prefix and API base, with `@me` written out (`/users/:userId` → `/users/@me`). */
function routeKey(request: FastifyRequest, params: Record<string, string>, prefix: string): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return '(unmatched)';
  const route = apiRoute(pattern, prefix) ?? pattern;
  return route.replace(/:(\w+)/g, (placeholder, name: string) => (params[name] === '@me' ? '@me' : placeholder));
}

function isTokenEndpoint(request: FastifyRequest, prefix: string): boolean {
  return /^\/oauth2\/token(\/revoke)?$/.test(apiRoute(pathOf(request), prefix) ?? '');
}

/**
 * Discord's HTTP API, OAuth2 screens included, as an encapsulated Fastify plugin. Register it with a prefix
 * (`app.register(discordSimulator, { prefix: '/_sim/discord', … })`); it brings its own form parser, error
 * and not-found handlers, and touches nothing outside its scope.
 */
export const discordSimulator: FastifyPluginAsync<DiscordSimulatorOptions> = async (
  instance: FastifyInstance,
  options,
) => {
  const warn = options.logger?.warn.bind(options.logger) ?? ((message: string) => instance.log.warn(message));
  const state =
    options.state ??
    createSimulatorState({ ...(options.statePath === undefined ? {} : { statePath: options.statePath }), warn });
  const context: SimulatorContext = {
    app: {
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      botToken: options.botToken,
      redirectUris: [...options.redirectUris],
    },
    state,
    prefix: instance.prefix,
  };
  const apiRequests = new WeakMap<FastifyRequest, ApiRequestInfo>();

  registerFormParser(instance);

  // Every API call: counted, optionally delayed, rate-limit headers added, and refused if a 429 is forced.
  instance.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = apiRoute(pathOf(request), context.prefix);
    if (path === undefined) return;
    const params = stringParams(request);
    const route = routeKey(request, params, context.prefix);
    apiRequests.set(request, { route, path });
    if (state.latencyMs > 0) await sleep(state.latencyMs);
    const guildId = params.guildId;
    // The global limit is per bot token; user tokens have their own, which no audit comes near.
    const globalKey = authScheme(request) === 'bot' ? 'bot' : undefined;
    const decision = state.rateLimiter.consume(request.method, route, path, guildId, globalKey);
    reply.headers(decision.headers);
    if (decision.limited) {
      return reply.code(429).send(rateLimitedBody(decision.limited.retryAfterSeconds, decision.limited.global));
    }
    return undefined;
  });

  instance.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const info = apiRequests.get(request);
    if (!info) return;
    state.recordRequest({
      at: state.clock(),
      method: request.method,
      route: info.route,
      path: info.path,
      status: reply.statusCode,
      auth: authScheme(request),
    });
  });

  instance.setErrorHandler((error: FastifyError | DiscordApiError | OAuthError, request, reply) => {
    if (error instanceof DiscordApiError) return reply.code(error.status).send(error.body);
    if (error instanceof OAuthError) return reply.code(error.status).send(error.body);
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (isTokenEndpoint(request, context.prefix) && status < 500) {
      return reply
        .code(400)
        .send(new OAuthError(400, 'invalid_request', 'The request is not formatted correctly.').body);
    }
    if (status >= 500) request.log.error({ err: error }, 'Discord simulator failed');
    return reply
      .code(status)
      .send({ message: status >= 500 ? '500: Internal Server Error' : `${status}: ${error.message}`, code: 0 });
  });

  instance.setNotFoundHandler(async (_request, reply) => reply.code(404).send(notFound().body));

  registerAuthorizeRoutes(instance, context);
  registerTokenRoutes(instance, context);
  registerUserRoutes(instance, context);
  registerGuildRoutes(instance, context);
  registerWebhookRoutes(instance, context);
  registerGatewayRoute(instance, context);
  attachGateway(instance, context);
};
