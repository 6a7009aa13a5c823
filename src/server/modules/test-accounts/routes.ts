import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as api from '../../../shared/contracts/admin-staff.js';
import { AppError } from '../../errors.js';
import { isAdmin } from '../auth/caller.js';
import { cookieNames, setSessionCookie } from '../auth/cookies.js';
import { toCurrentUser } from '../auth/service.js';
import type { ServerModule } from '../server-module.js';
import { createTestAccount, deleteTestAccount, listTestAccounts } from './service.js';
import { signInWithTestAccount, TEST_ACCOUNT_SIGN_IN_OFF } from './sign-in.js';

const ONE_MINUTE = '1 minute';

function usernameOf(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? body.username.toLowerCase() : '';
}

/**
 * Password guesses are limited per client address (the route's own limit) and per username across all
 * addresses (this hook, on the same shared counters), so spreading guesses over many addresses does not
 * buy more tries at one account. It runs once the body is validated, when the username is known.
 */
function limitAttemptsPerUsername(scope: FastifyInstance, max: number): void {
  const attempt = scope.createRateLimit({
    max,
    timeWindow: ONE_MINUTE,
    keyGenerator: (request) => `test-account-username:${usernameOf(request)}`,
  });
  scope.addHook('preHandler', async (request, reply) => {
    const limit = await attempt(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    reply.header('retry-after', String(limit.ttlInSeconds));
    throw new AppError('RATE_LIMITED', `Too many sign-in attempts. Try again in ${limit.ttlInSeconds} s.`);
  });
}

/** Test accounts for QA (staff manage them) and the staff sign-in form they use (docs/decisions/0028). */
export const testAccountsModule: ServerModule = {
  register(routes, ctx) {
    const { config, db } = ctx;

    routes.admin.endpoint(api.listTestAccounts, async () => listTestAccounts(db));
    routes.admin.endpoint(api.createTestAccount, async ({ caller, body }) => {
      const account = await createTestAccount(db, { account: body, actor: caller.user });
      // A bound user just made staff is staff on this instance's cached sessions before the answer.
      await ctx.changes.barrier();
      return account;
    });
    routes.admin.endpoint(api.deleteTestAccount, async ({ caller, params }) => {
      await deleteTestAccount(db, { id: params.id, actor: caller.user });
      // This instance's session cache has dropped the account's sessions before anyone hears it is gone.
      await ctx.changes.barrier();
      return { ok: true as const };
    });

    const signInForm = routes.scoped(async (scope) => limitAttemptsPerUsername(scope, config.authRateLimitPerMinute));
    signInForm.endpoint(
      api.signInWithTestAccount,
      async ({ body, request, reply }) => {
        if (!config.testAccountSignIn) throw new AppError('NOT_FOUND', TEST_ACCOUNT_SIGN_IN_OFF);
        const previousSessionToken = request.cookies[cookieNames(config).session];
        const signIn = await signInWithTestAccount({
          db,
          sessions: ctx.sessions,
          sessionTtlMs: config.sessionTtlMs,
          username: body.username,
          password: body.password,
          previousSessionToken,
        });
        // The replaced session is gone from the database; its sockets (on every instance) go with it.
        if (previousSessionToken !== undefined) ctx.realtime.disconnectSession(previousSessionToken);
        setSessionCookie(reply, config, signIn.sessionToken, signIn.expiresAt);
        request.log.info({ userId: signIn.user.id }, 'signed in with a test account');
        return toCurrentUser(signIn.user, isAdmin(config, signIn.user));
      },
      { config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: ONE_MINUTE } } },
    );
  },
};
