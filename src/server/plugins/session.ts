import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import type { AppContext } from '../app-context.js';
import { AppError } from '../errors.js';
import { findSessionUser, type UserRow } from '../modules/auth/service.js';
import { syncUserServersIfStale } from '../modules/servers/service.js';

/**
 * Cookie names. Over https they carry the `__Host-` prefix: browsers then accept them only when Secure,
 * with Path=/ and no Domain, so a sibling subdomain can neither plant nor overwrite them.
 */
export function cookieNames(config: Pick<AppConfig, 'secureCookies'>): { session: string; oauthState: string } {
  const prefix = config.secureCookies ? '__Host-' : '';
  return { session: `${prefix}rampart_session`, oauthState: `${prefix}rampart_oauth_state` };
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: UserRow | null;
    sessionToken: string | null;
    /** Whether this request already asked Discord for the user's servers (GET /api/servers need not ask twice). */
    serversReadThisRequest: boolean;
  }
}

export interface Caller {
  user: UserRow;
  isAdmin: boolean;
}

/**
 * Resolves the session cookie once per API request; routes then ask for the caller they need.
 * An owner's server list older than a few minutes is re-read from Discord first, so access to a
 * server ends soon after Discord takes it away.
 */
export function registerSessionLoading(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('serversReadThisRequest', false);
  const sessionCookie = cookieNames(ctx.config).session;
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[sessionCookie];
    if (token === undefined || token.length === 0 || token.length > 128) return;
    request.sessionToken = token;
    const user = await findSessionUser(ctx.db, token);
    request.sessionUser = user;
    if (user !== null && !isAdmin(ctx.config, user)) {
      const deps = { db: ctx.db, sealer: ctx.sealer, discordApiUrl: ctx.config.discord.apiUrl, log: request.log };
      request.serversReadThisRequest = await syncUserServersIfStale(deps, user);
    }
  });
}

export function isAdmin(config: AppConfig, user: UserRow): boolean {
  return config.adminDiscordIds.has(user.discordId);
}

export function requireUser(config: AppConfig, request: FastifyRequest): Caller {
  const user = request.sessionUser;
  if (user === null) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  return { user, isAdmin: isAdmin(config, user) };
}

export function requireAdmin(config: AppConfig, request: FastifyRequest): Caller {
  const caller = requireUser(config, request);
  if (!caller.isAdmin) throw new AppError('FORBIDDEN', 'Administrators only.');
  return caller;
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, token: string, expiresAt: Date): void {
  reply.setCookie(cookieNames(config).session, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(cookieNames(config).session, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}
