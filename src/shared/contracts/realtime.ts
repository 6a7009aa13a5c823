import { z } from 'zod';
import { Audit } from './audits.js';
import { AuditStatistics, EvidenceDecision, EvidenceThread, ThreadMessage, ThreadStatus } from './evidence.js';
import { Notification } from './notifications.js';

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
  staff: { key: () => 'staff', join: "on request ('join-admin-notifications'), staff only" },
  thread: {
    key: (threadId: string) => `thread:${threadId}`,
    join: "on request ('join-thread'), only a thread the user may read; left with 'leave-thread'",
  },
} as const;
export type RoomKind = keyof typeof ROOMS;

/** What the server pushes, by event name, with the payload each carries. */
export const SERVER_EVENTS = {
  /** An audit's status, progress or numbers changed; sent to every user who may see the server. */
  'audit.updated': Audit,
  /** Evidence opened a thread; to the thread's owner side and staff (never to other customers: docs/decisions/0024). */
  'thread.created': z.object({ thread: EvidenceThread }),
  /** A message was posted in a thread; to its room, its owner side and staff. */
  'message.created': z.object({
    threadId: z.string(),
    threadStatus: ThreadStatus,
    message: ThreadMessage,
  }),
  /** Staff decided a thread's evidence; the audit's numbers changed with it. */
  'thread.decision': z.object({
    threadId: z.string(),
    auditId: z.string(),
    checkId: z.string(),
    decision: EvidenceDecision,
    auditStatistics: AuditStatistics,
  }),
  /** New evidence awaits review; to staff only. */
  'evidence.submitted': z.object({
    threadId: z.string(),
    evidenceId: z.string(),
    serverName: z.string(),
    checkName: z.string(),
  }),
  /** A notification was stored for this user (the bell's count and list refresh). */
  'notification.created': Notification,
  /** A client event was refused (e.g. joining someone else's room). */
  error: z.object({ message: z.string() }),
} as const;
export type ServerEventName = keyof typeof SERVER_EVENTS;
export type ServerEventPayload<E extends ServerEventName> = z.output<(typeof SERVER_EVENTS)[E]>;

/** What a client may send, by event name, with its argument. */
export const CLIENT_EVENTS = {
  /** Join the caller's own notification room: the argument must be the caller's user id. */
  'join-notifications': z.string(),
  /** Join the staff room: refused for anyone but staff. */
  'join-admin-notifications': z.unknown(),
  /** Join or leave one thread's room: a thread id, or `{ id }`; refused unless the user may read the thread. */
  'join-thread': z.union([z.string().uuid(), z.object({ id: z.string().uuid() }).transform((value) => value.id)]),
  'leave-thread': z.union([z.string().uuid(), z.object({ id: z.string().uuid() }).transform((value) => value.id)]),
} as const;
export type ClientEventName = keyof typeof CLIENT_EVENTS;
export type ClientEventPayload<E extends ClientEventName> = z.output<(typeof CLIENT_EVENTS)[E]>;

/** Who receives a published event: everyone in the named rooms. */
export interface Audience {
  readonly users: readonly string[];
  /** Also every socket in the staff room. */
  readonly staff?: boolean;
  /** Also every socket in these threads' rooms. */
  readonly threads?: readonly string[];
}
