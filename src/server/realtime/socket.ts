import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { ErrorCode } from '../../shared/contracts/errors.js';
import {
  type Audience,
  CLIENT_EVENTS,
  ROOMS,
  type ServerEventName,
  type ServerEventPayload,
} from '../../shared/contracts/realtime.js';
import { sha256 } from '../crypto.js';

/** setTimeout's ceiling (about 24.8 days); longer sessions are cut there and the client reconnects. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A live session behind a socket handshake. */
export interface SocketSession {
  userId: string;
  sessionToken: string;
  expiresAt: Date;
}

/** Resolves a handshake's Cookie header to its session, or null; built by whoever owns sessions. */
export type Authenticate = (cookieHeader: string | undefined) => Promise<SocketSession | null>;

export interface Realtime {
  /** Pushes an event from the registry to every socket of the audience's users, on every instance. */
  publish<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>, audience: Audience): void;
  /** Drops every socket opened with this session (on every instance), e.g. at sign-out. */
  disconnectSession(sessionToken: string): void;
  /** Drops this instance's sockets of the session whose token has this SHA-256 (its deletion was announced). */
  disconnectLocalSession(tokenHash: string): void;
  close(): Promise<void>;
}

const sessionRoom = (sessionToken: string) => ROOMS.session.key(sha256(sessionToken));
/** A refused handshake: the client reads the code from the connect error's message. */
const handshakeError = (code: ErrorCode) => new Error(code);

/**
 * socket.io on the app's HTTP server. A connection is accepted only when `authenticate` finds a live
 * session, and joins its user's and its session's rooms; with REDIS_URL, rooms span every instance
 * through the Redis adapter. It knows no domain: what to publish, and to whom, is the modules' business.
 */
export async function attachRealtime(
  app: FastifyInstance,
  options: {
    authenticate: Authenticate;
    redisUrl: string | undefined;
    publicUrl: string;
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
    options
      .authenticate(socket.handshake.headers.cookie)
      .then((session) => {
        if (session === null) return next(handshakeError('UNAUTHORIZED'));
        socket.data.userId = session.userId;
        socket.data.sessionToken = session.sessionToken;
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
        next(handshakeError('INTERNAL'));
      });
  });

  io.on('connection', (socket) => {
    const userId = String(socket.data.userId);
    const refuse = (payload: ServerEventPayload<'error'>) => socket.emit('error', payload);
    void socket.join([ROOMS.user.key(userId), sessionRoom(String(socket.data.sessionToken))]);
    // ROOMS.user: a client may (re-)join only its own user room.
    socket.on('join-notifications', (requested: unknown) => {
      const parsed = CLIENT_EVENTS['join-notifications'].safeParse(requested);
      if (parsed.success && parsed.data === userId) void socket.join(ROOMS.user.key(userId));
      else refuse({ message: 'You can only join your own notifications.' });
    });
  });

  return {
    publish(event, payload, audience) {
      if (audience.users.length === 0) return;
      io.to(audience.users.map((userId) => ROOMS.user.key(userId))).emit(event, payload);
    },
    disconnectSession(sessionToken) {
      io.in(sessionRoom(sessionToken)).disconnectSockets(true);
    },
    disconnectLocalSession(tokenHash) {
      io.local.in(ROOMS.session.key(tokenHash)).disconnectSockets(true);
    },
    async close() {
      // Only the connections: the HTTP server itself belongs to Fastify, which closes it.
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all(redisClients.map((client) => client.quit()));
    },
  };
}
