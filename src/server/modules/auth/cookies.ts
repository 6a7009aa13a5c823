import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config.js';

/**
 * Cookie names. Over https they carry the `__Host-` prefix: browsers then accept them only when Secure,
 * with Path=/ and no Domain, so a sibling subdomain can neither plant nor overwrite them.
 */
export function cookieNames(config: Pick<AppConfig, 'secureCookies'>): { session: string; oauthState: string } {
  const prefix = config.secureCookies ? '__Host-' : '';
  return { session: `${prefix}rampart_session`, oauthState: `${prefix}rampart_oauth_state` };
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
