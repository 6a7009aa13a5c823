import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { sha256 } from '../crypto.js';
import type { Database } from '../db/client.js';
import { findSession } from '../modules/auth/service.js';

export const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionToken: string) => `session:${sha256(sessionToken)}`;
/** setTimeout's ceiling (about 24.8 days); longer sessions are cut there and the client reconnects. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface Realtime {
  emitToUsers(userIds: readonly string[], event: string, payload: unknown): void;
  /** Drops every socket opened with this session (on every instance), e.g. at sign-out. */
  disconnectSession(sessionToken: string): void;
  close(): Promise<void>;
}

/**
 * socket.io on the app's HTTP server. A connection is accepted only with a live session cookie and
 * joins its user's room; with REDIS_URL, rooms span every instance through the Redis adapter.
 */
export async function attachRealtime(
  app: FastifyInstance,
  options: {
    db: Database;
    redisUrl: string | undefined;
    publicUrl: string;
    sessionCookie: string;
    log: FastifyBaseLogger;
  },
): Promise<Realtime> {
  const allowedOrigin = new URL(options.publicUrl).origin;
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    connectTimeout: 20_000,
    // Browsers always send Origin on a socket; another site's page must not ride on our cookie.
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, origin === undefined || origin === allowedOrigin);
    },
  });
  const redisClients: { quit(): Promise<unknown> }[] = [];
  if (options.redisUrl !== undefined) {
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    redisClients.push(pub, sub);
  }

  io.use((socket, next) => {
    const token = app.parseCookie(socket.handshake.headers.cookie ?? '')[options.sessionCookie];
    if (token === undefined || token === '') {
      next(new Error('UNAUTHORIZED'));
      return;
    }
    findSession(options.db, token)
      .then((session) => {
        if (session === null) return next(new Error('UNAUTHORIZED'));
        socket.data.userId = session.user.id;
        socket.data.sessionToken = token;
        // A socket lives no longer than its session.
        const expiry = setTimeout(
          () => socket.disconnect(true),
          Math.min(session.expiresAt.getTime() - Date.now(), MAX_TIMER_MS),
        );
        expiry.unref();
        socket.once('disconnect', () => clearTimeout(expiry));
        return next();
      })
      .catch((error: unknown) => {
        options.log.error({ err: error }, 'socket session lookup failed');
        next(new Error('INTERNAL'));
      });
  });

  io.on('connection', (socket) => {
    const userId = String(socket.data.userId);
    void socket.join([userRoom(userId), sessionRoom(String(socket.data.sessionToken))]);
    // The client asks to join its notification room; it may only ever join its own.
    socket.on('join-notifications', (requested: unknown) => {
      if (requested === userId) void socket.join(userRoom(userId));
      else socket.emit('error', { message: 'You can only join your own notifications.' });
    });
  });

  return {
    emitToUsers(userIds, event, payload) {
      if (userIds.length === 0) return;
      io.to(userIds.map(userRoom)).emit(event, payload);
    },
    disconnectSession(sessionToken) {
      io.in(sessionRoom(sessionToken)).disconnectSockets(true);
    },
    async close() {
      // Only the connections: the HTTP server itself belongs to Fastify, which closes it.
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all(redisClients.map((client) => client.quit()));
    },
  };
}
