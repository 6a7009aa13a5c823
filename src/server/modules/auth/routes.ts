import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CurrentUser, LogoutResponse, OAuthCallbackQuery, StartSignInQuery } from '../../../shared/contracts/auth.js';
import { ApiErrorBody } from '../../../shared/contracts/errors.js';
import type { AppContext } from '../../app-context.js';
import { clearSessionCookie, cookieNames, requireUser, setSessionCookie } from '../../plugins/session.js';
import { POPUP_SCRIPT, POPUP_SCRIPT_PATH, popupResultPage } from './popup-page.js';
import { completeSignIn, destroySession, startSignIn, toCurrentUser } from './service.js';

export const CALLBACK_PATH = '/api/auth/discord/callback';

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { config, db } = ctx;
  const authRateLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const cookies = cookieNames(config);
  // A __Host- cookie must have Path=/; over http the state cookie stays scoped to the sign-in paths.
  const stateCookiePath = config.secureCookies ? '/' : '/api/auth';

  routes.get(
    '/api/auth/discord',
    { schema: { querystring: StartSignInQuery }, config: authRateLimit },
    async (request, reply) => {
      const popup = request.query.popup !== undefined;
      const { url, state } = await startSignIn({ db, oauth: ctx.oauth, popup });
      reply.setCookie(cookies.oauthState, state, {
        path: stateCookiePath,
        httpOnly: true,
        sameSite: 'lax',
        secure: config.secureCookies,
        maxAge: 10 * 60,
      });
      return reply.redirect(url);
    },
  );

  routes.get(
    CALLBACK_PATH,
    { schema: { querystring: OAuthCallbackQuery }, config: authRateLimit },
    async (request, reply) => {
      const previousSessionToken = request.cookies[cookies.session];
      const outcome = await completeSignIn({
        db,
        oauth: ctx.oauth,
        sealer: ctx.sealer,
        discordApiUrl: config.discord.apiUrl,
        sessionTtlMs: config.sessionTtlMs,
        query: request.query,
        browserState: request.cookies[cookies.oauthState],
        previousSessionToken,
        log: request.log,
      });
      reply.clearCookie(cookies.oauthState, {
        path: stateCookiePath,
        httpOnly: true,
        sameSite: 'lax',
        secure: config.secureCookies,
      });
      if (outcome.ok) {
        // The replaced session is gone from the database; its sockets (on every instance) go with it.
        if (previousSessionToken !== undefined) ctx.realtime.disconnectSession(previousSessionToken);
        setSessionCookie(reply, config, outcome.signIn.sessionToken, outcome.signIn.expiresAt);
        request.log.info({ userId: outcome.signIn.user.id }, 'signed in');
      } else {
        request.log.warn({ code: outcome.error.code, err: outcome.error.cause ?? outcome.error }, 'sign-in failed');
      }
      if (outcome.popup) {
        return reply.type('text/html; charset=utf-8').send(popupResultPage(outcome.ok ? 'success' : 'error'));
      }
      return reply.redirect(outcome.ok ? '/' : `/?error=${encodeURIComponent(outcome.error.code)}`);
    },
  );

  routes.get(POPUP_SCRIPT_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(POPUP_SCRIPT),
  );

  routes.get('/api/auth/me', { schema: { response: { 200: CurrentUser, 401: ApiErrorBody } } }, async (request) => {
    const caller = requireUser(config, request);
    return toCurrentUser(caller.user, caller.isAdmin);
  });

  routes.post(
    '/api/auth/logout',
    { schema: { response: { 200: LogoutResponse } }, config: authRateLimit },
    async (request, reply) => {
      if (request.sessionToken !== null) {
        await destroySession(db, request.sessionToken);
        ctx.realtime.disconnectSession(request.sessionToken);
      }
      clearSessionCookie(reply, config);
      return { ok: true as const };
    },
  );
}
