import { fastifyCookie } from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Authenticate } from '../../realtime/socket.js';
import { syncUserServersIfStale } from '../servers/server-list-sync.js';
import { type Caller, callerOf, isAdmin } from './caller.js';
import { cookieNames } from './cookies.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, loaded before any API handler runs; null for a visitor. */
    caller: Caller | null;
    sessionToken: string | null;
    /** Whether this request already saw to a fresh server list for the caller (GET /api/servers need not look again). */
    serverListChecked: boolean;
  }
}

const MAX_TOKEN_LENGTH = 128;

/**
 * Resolves the session cookie once per API request, from the session store (which asks the database
 * only on a miss: docs/decisions/0017); the endpoint registrar then applies each endpoint's access rule
 * to the caller. An owner's server list older than a few minutes is re-read from Discord
 * first, so access to a server ends soon after Discord takes it away.
 */
export function registerSessionLoading(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'config' | 'db' | 'sealer' | 'discordUsers' | 'sessions' | 'changes'>,
): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('serverListChecked', false);
  const sessionCookie = cookieNames(ctx.config).session;
  const loadCaller = async (request: FastifyRequest, token: string): Promise<void> => {
    request.sessionToken = token;
    const session = await ctx.sessions.find(token);
    if (session === null) return;
    const caller = callerOf(ctx.config, session.user);
    request.caller = caller;
    if (!caller.isAdmin) {
      // After a refresh here, this instance's caches hold the new list before the request reads access.
      if (await syncUserServersIfStale(ctx, caller.user, request.log)) await ctx.changes.barrier();
      request.serverListChecked = true;
    }
  };
  // A callback hook: it runs on every request, and only an API request carrying a session cookie waits for anything.
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const token = request.cookies[sessionCookie];
    if (token === undefined || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return done();
    loadCaller(request, token).then(() => done(), done);
  });
}

/**
 * Ends this instance's sockets of a session whose deletion (or any change) the change feed announces,
 * whichever instance made it: sign-out reaches every instance's sockets without a shared real-time
 * adapter. A socket of a session that still lives is let in again when its client reconnects.
 */
export function endSocketsOfDeletedSessions(ctx: Pick<AppContext, 'changes' | 'realtime'>): void {
  ctx.changes.onChange((change) => {
    if (change?.kind === 'session') ctx.realtime.disconnectLocalSession(change.key);
  });
}

/** How a socket handshake proves its session: the same cookie, looked up the same way as an API request's. */
export function sessionAuthenticator(ctx: Pick<AppContext, 'config' | 'sessions'>): Authenticate {
  const sessionCookie = cookieNames(ctx.config).session;
  return async (cookieHeader) => {
    const token = fastifyCookie.parse(cookieHeader ?? '')[sessionCookie];
    if (token === undefined || token === '') return null;
    const session = await ctx.sessions.find(token);
    if (session === null) return null;
    return {
      userId: session.user.id,
      sessionToken: token,
      expiresAt: session.expiresAt,
      isStaff: isAdmin(ctx.config, session.user),
    };
  };
}
