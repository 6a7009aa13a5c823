import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CurrentUser, LogoutResponse, OAuthCallbackQuery, StartSignInQuery } from '../../../shared/contracts/auth.js';
import { ApiErrorBody } from '../../../shared/contracts/common.js';
import type { AppContext } from '../../app-context.js';
import { clearSessionCookie, requireUser, SESSION_COOKIE, setSessionCookie } from '../../plugins/session.js';
import { POPUP_SCRIPT, POPUP_SCRIPT_PATH, popupResultPage } from './popup-page.js';
import { completeSignIn, destroySession, startSignIn, toCurrentUser } from './service.js';

const STATE_COOKIE = 'rampart_oauth_state';
export const CALLBACK_PATH = '/api/auth/discord/callback';

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { config, db } = ctx;
  const authRateLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  routes.get('/api/auth/discord', { schema: { querystring: StartSignInQuery }, config: authRateLimit }, async (request, reply) => {
    const popup = request.query.popup !== undefined;
    const { url, state } = await startSignIn({ db, oauth: ctx.oauth, popup });
    reply.setCookie(STATE_COOKIE, state, {
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      maxAge: 10 * 60,
    });
    return reply.redirect(url);
  });

  routes.get(CALLBACK_PATH, { schema: { querystring: OAuthCallbackQuery }, config: authRateLimit }, async (request, reply) => {
    const outcome = await completeSignIn({
      db,
      oauth: ctx.oauth,
      sealer: ctx.sealer,
      discordApiUrl: config.discord.apiUrl,
      sessionTtlMs: config.sessionTtlMs,
      query: request.query,
      browserState: request.cookies[STATE_COOKIE],
      previousSessionToken: request.cookies[SESSION_COOKIE],
      log: request.log,
    });
    reply.clearCookie(STATE_COOKIE, { path: '/api/auth' });
    if (outcome.ok) {
      setSessionCookie(reply, config, outcome.signIn.sessionToken, outcome.signIn.expiresAt);
      request.log.info({ userId: outcome.signIn.user.id }, 'signed in');
    } else {
      request.log.warn({ code: outcome.error.code, err: outcome.error.cause ?? outcome.error }, 'sign-in failed');
    }
    if (outcome.popup) {
      return reply.type('text/html; charset=utf-8').send(popupResultPage(outcome.ok ? 'success' : 'error'));
    }
    return reply.redirect(outcome.ok ? '/' : `/?error=${encodeURIComponent(outcome.error.code)}`);
  });

  routes.get(POPUP_SCRIPT_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(POPUP_SCRIPT),
  );

  routes.get('/api/auth/me', { schema: { response: { 200: CurrentUser, 401: ApiErrorBody } } }, async (request) => {
    const caller = requireUser(config, request);
    return toCurrentUser(caller.user, caller.isAdmin);
  });

  routes.post('/api/auth/logout', { schema: { response: { 200: LogoutResponse } }, config: authRateLimit }, async (request, reply) => {
    if (request.sessionToken !== null) {
      await destroySession(db, request.sessionToken);
      ctx.realtime.disconnectSession(request.sessionToken);
    }
    clearSessionCookie(reply, config);
    return { ok: true as const };
  });
}
