import { z } from 'zod';
import { Audit } from './audits.js';

/**
 * Rooms a socket can be in. `user` is joined at the handshake (the session decides whose it is) and a
 * client may re-join only its own; `session` is the server's own handle for closing a session's sockets
 * and is never joined on request.
 */
export const ROOMS = {
  user: { key: (userId: string) => `user:${userId}`, join: 'automatic at connection; on request only its own' },
  session: {
    key: (sessionDigest: string) => `session:${sessionDigest}`,
    join: 'automatic at connection, never on request',
  },
} as const;
export type RoomKind = keyof typeof ROOMS;

/** What the server pushes, by event name, with the payload each carries. */
export const SERVER_EVENTS = {
  /** An audit's status, progress or numbers changed; sent to every user who may see the server. */
  'audit.updated': Audit,
  /** A client event was refused (e.g. joining someone else's room). */
  error: z.object({ message: z.string() }),
} as const;
export type ServerEventName = keyof typeof SERVER_EVENTS;
export type ServerEventPayload<E extends ServerEventName> = z.output<(typeof SERVER_EVENTS)[E]>;

/** What a client may send, by event name, with its argument. */
export const CLIENT_EVENTS = {
  /** Join the caller's own notification room: the argument must be the caller's user id. */
  'join-notifications': z.string(),
} as const;
export type ClientEventName = keyof typeof CLIENT_EVENTS;
export type ClientEventPayload<E extends ClientEventName> = z.output<(typeof CLIENT_EVENTS)[E]>;

/** Who receives a published event: everyone in the named rooms. */
export interface Audience {
  readonly users: readonly string[];
}
