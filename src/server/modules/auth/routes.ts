import * as api from '../../../shared/contracts/auth.js';
import type { ServerModule } from '../server-module.js';
import { clearSessionCookie, cookieNames, setSessionCookie } from './cookies.js';
import { POPUP_SCRIPT, popupResultPage } from './popup-page.js';
import { completeSignIn, startSignIn, toCurrentUser } from './service.js';

export const authModule: ServerModule = {
  register(routes, ctx) {
    const { config, db } = ctx;
    const authRateLimit = { config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } } };
    const cookies = cookieNames(config);
    // A __Host- cookie must have Path=/; over http the state cookie stays scoped to the sign-in paths.
    const stateCookiePath = config.secureCookies ? '/' : '/api/auth';

    routes.endpoint(
      api.startSignIn,
      async ({ query, reply }) => {
        const { url, state } = await startSignIn({ db, oauth: ctx.oauth, popup: query.popup !== undefined });
        reply.setCookie(cookies.oauthState, state, {
          path: stateCookiePath,
          httpOnly: true,
          sameSite: 'lax',
          secure: config.secureCookies,
          maxAge: 10 * 60,
        });
        return reply.redirect(url);
      },
      authRateLimit,
    );

    routes.endpoint(
      api.completeSignIn,
      async ({ query, request, reply }) => {
        const previousSessionToken = request.cookies[cookies.session];
        const outcome = await completeSignIn({
          db,
          sessions: ctx.sessions,
          oauth: ctx.oauth,
          sealer: ctx.sealer,
          discordUsers: ctx.discordUsers,
          sessionTtlMs: config.sessionTtlMs,
          query,
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
      authRateLimit,
    );

    routes.endpoint(api.getPopupScript, async ({ reply }) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(POPUP_SCRIPT),
    );

    routes.endpoint(api.getCurrentUser, async ({ caller }) => toCurrentUser(caller.user, caller.isAdmin));

    routes.endpoint(
      api.logout,
      async ({ request, reply }) => {
        if (request.sessionToken !== null) {
          await ctx.sessions.revoke(request.sessionToken);
          ctx.realtime.disconnectSession(request.sessionToken);
        }
        clearSessionCookie(reply, config);
        return { ok: true as const };
      },
      authRateLimit,
    );
  },
};
