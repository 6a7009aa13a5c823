import type { FastifyRequest } from 'fastify';
import { unauthorized } from './discord-errors.js';
import type { Grant } from './oauth-store.js';
import type { SimulatorState } from './state.js';

/** The simulated Discord application: its credentials and the redirect URIs registered for it. */
export interface SimulatedAppConfig {
  clientId: string;
  clientSecret: string;
  botToken: string;
  /** Allowed OAuth redirect URIs, compared by exact string match as Discord does. */
  redirectUris: readonly string[];
}

export interface SimulatorContext {
  app: SimulatedAppConfig;
  state: SimulatorState;
  /** The plugin's mount prefix ('' standalone, '/_sim/discord' inside the product). */
  prefix: string;
}

export type Caller = { kind: 'bot' } | { kind: 'bearer'; grant: Grant };

/** Identifies the caller from `Authorization: Bot …` or `Authorization: Bearer …`; anything else is nobody. */
export function resolveCaller(request: FastifyRequest, context: SimulatorContext): Caller | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^(\S+)\s+(\S+)$/.exec(header.trim());
  if (!match) return undefined;
  const [, scheme = '', token = ''] = match;
  if (scheme === 'Bot') return token === context.app.botToken ? { kind: 'bot' } : undefined;
  if (scheme === 'Bearer') {
    const grant = context.state.oauth.grantForAccessToken(token);
    return grant ? { kind: 'bearer', grant } : undefined;
  }
  return undefined;
}

/** Bot-only routes: any other or missing credential is 401, never 403 (discord-reference §8). */
export function requireBot(request: FastifyRequest, context: SimulatorContext): void {
  if (resolveCaller(request, context)?.kind !== 'bot') throw unauthorized();
}

/** Bearer-only routes; a token without the needed scope is treated like a bad token. */
export function requireBearer(request: FastifyRequest, context: SimulatorContext, scope?: string): Grant {
  const caller = resolveCaller(request, context);
  if (caller?.kind !== 'bearer') throw unauthorized();
  if (scope !== undefined && !caller.grant.scopes.includes(scope)) throw unauthorized();
  return caller.grant;
}

/** Which credential scheme a request carried, for the request log. */
export function authScheme(request: FastifyRequest): 'bot' | 'bearer' | 'basic' | 'none' {
  const scheme = request.headers.authorization?.trim().split(/\s+/)[0]?.toLowerCase();
  return scheme === 'bot' || scheme === 'bearer' || scheme === 'basic' ? scheme : 'none';
}

/** Fastify's route pattern for the request without the mount prefix and the API base (`/api`, `/api/v10`). */
export function apiRoute(path: string, prefix: string): string | undefined {
  const withoutPrefix = path.startsWith(prefix) ? path.slice(prefix.length) : path;
  const match = /^\/api(?:\/v10)?(\/.*)?$/.exec(withoutPrefix);
  if (!match) return undefined;
  return match[1] ?? '/';
}
