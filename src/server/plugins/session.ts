import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { AppError } from '../errors.js';
import { findSessionUser, type UserRow } from '../modules/auth/service.js';

export const SESSION_COOKIE = 'rampart_session';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: UserRow | null;
    sessionToken: string | null;
  }
}

export interface Caller {
  user: UserRow;
  isAdmin: boolean;
}

/** Resolves the session cookie once per API request; routes then ask for the caller they need. */
export function registerSessionLoading(app: FastifyInstance, db: Database): void {
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token === undefined || token.length === 0 || token.length > 128) return;
    request.sessionToken = token;
    request.sessionUser = await findSessionUser(db, token);
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
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies });
}
