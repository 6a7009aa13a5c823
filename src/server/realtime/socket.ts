import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Gauge } from 'prom-client';
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
  /** Staff may join the staff room (and are put in it at connection). */
  isStaff: boolean;
}

/** Resolves a handshake's Cookie header to its session, or null; built by whoever owns sessions. */
export type Authenticate = (cookieHeader: string | undefined) => Promise<SocketSession | null>;

/** Whether this user may read this thread (and so join its room); built by whoever owns threads. */
export type MayReadThread = (reader: { userId: string; isStaff: boolean }, threadId: string) => Promise<boolean>;

/** What a client learns from the optional acknowledgement of a join or leave: whether it is in the room now. */
type JoinAck = (result: { joined: boolean }) => void;

export interface Realtime {
  /**
   * Pushes an event from the registry to the audience (its users' rooms, the staff room, its threads' rooms)
   * on every instance; a socket in several of those rooms receives it once.
   */
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
    mayReadThread: MayReadThread;
    redisUrl: string | undefined;
    redisKeyPrefix: string;
    publicUrl: string;
    log: FastifyBaseLogger;
    /** The gauge of sockets open on this instance (GET /metrics). */
    connections: Pick<Gauge, 'inc' | 'dec'>;
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
    // Loaded only with REDIS_URL: a single instance never needs the Redis client.
    const [{ createAdapter }, { createClient }] = await Promise.all([
      import('@socket.io/redis-adapter'),
      import('redis'),
    ]);
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: `${options.redisKeyPrefix}:socket.io` }));
    redisClients.push(pub, sub);
  }

  io.use((socket, next) => {
    options
      .authenticate(socket.handshake.headers.cookie)
      .then((session) => {
        if (session === null) return next(handshakeError('UNAUTHORIZED'));
        socket.data.userId = session.userId;
        socket.data.sessionToken = session.sessionToken;
        socket.data.isStaff = session.isStaff;
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
    options.connections.inc();
    socket.once('disconnect', () => options.connections.dec());
    const userId = String(socket.data.userId);
    const isStaff = socket.data.isStaff === true;
    const refuse = (message: string, ack: JoinAck | undefined) => {
      socket.emit('error', { message } satisfies ServerEventPayload<'error'>);
      ack?.({ joined: false });
    };
    const rooms = [ROOMS.user.key(userId), sessionRoom(String(socket.data.sessionToken))];
    void socket.join(isStaff ? [...rooms, ROOMS.staff.key()] : rooms);

    // ROOMS.user: a client may (re-)join only its own user room.
    socket.on('join-notifications', (requested: unknown, ack?: unknown) => {
      const answer = ackOf(ack);
      const parsed = CLIENT_EVENTS['join-notifications'].safeParse(requested);
      if (!parsed.success || parsed.data !== userId) return refuse('You can only join your own notifications.', answer);
      void socket.join(ROOMS.user.key(userId));
      answer?.({ joined: true });
    });

    // ROOMS.staff: staff only.
    // It takes no argument: an acknowledgement, if any, is whatever comes last.
    socket.on('join-admin-notifications', (...args: unknown[]) => {
      const answer = ackOf(args.at(-1));
      if (!isStaff) return refuse('Only Rampart staff can join admin notifications.', answer);
      void socket.join(ROOMS.staff.key());
      answer?.({ joined: true });
    });

    // ROOMS.thread: only a thread the user may read, asked anew on every join.
    // A thread that does not exist is refused like one the user may not read: the answer leaks nothing.
    socket.on('join-thread', (requested: unknown, ack?: unknown) => {
      const answer = ackOf(ack);
      const refused = 'You cannot follow this thread.';
      const parsed = CLIENT_EVENTS['join-thread'].safeParse(requested);
      if (!parsed.success) return refuse(refused, answer);
      options
        .mayReadThread({ userId, isStaff }, parsed.data)
        .then(async (allowed) => {
          if (!allowed) return refuse(refused, answer);
          await socket.join(ROOMS.thread.key(parsed.data));
          answer?.({ joined: true });
        })
        .catch((error: unknown) => {
          options.log.error({ err: error }, 'thread room check failed');
          refuse(refused, answer);
        });
    });

    socket.on('leave-thread', (requested: unknown, ack?: unknown) => {
      const answer = ackOf(ack);
      const parsed = CLIENT_EVENTS['leave-thread'].safeParse(requested);
      if (!parsed.success) return refuse('Unknown thread.', answer);
      void socket.leave(ROOMS.thread.key(parsed.data));
      answer?.({ joined: false });
    });
  });

  return {
    publish(event, payload, audience) {
      const rooms = [
        ...audience.users.map((userId) => ROOMS.user.key(userId)),
        ...(audience.staff === true ? [ROOMS.staff.key()] : []),
        ...(audience.threads ?? []).map((threadId) => ROOMS.thread.key(threadId)),
      ];
      if (rooms.length === 0) return;
      // One emit to all the rooms: socket.io delivers it once to a socket that is in several.
      io.to(rooms).emit(event, payload);
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

/** A client may pass an acknowledgement callback as the last argument of a join or leave. */
function ackOf(candidate: unknown): JoinAck | undefined {
  return typeof candidate === 'function' ? (candidate as JoinAck) : undefined;
}
