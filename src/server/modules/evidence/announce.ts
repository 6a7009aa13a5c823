import type { FastifyBaseLogger } from 'fastify';
import type { Audience, ServerEventName, ServerEventPayload } from '../../../shared/contracts/realtime.js';
import { THREAD_PREVIEW_LENGTH } from '../../../shared/evidence-rules.js';
import type { Realtime } from '../../realtime/socket.js';
import { pushNotifications, type StoredNotification } from '../notifications/notify.js';

/** Where a thread's events go: its owner side, staff and the thread's room; never other customers (0024). */
export const threadAudience = (threadId: string, ownerSide: readonly string[]): Audience => ({
  users: ownerSide,
  staff: true,
  threads: [threadId],
});

export const threadPath = (threadId: string) => `/evidence/threads/${threadId}`;

/** A message as a notification quotes it. */
export function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= THREAD_PREVIEW_LENGTH ? flat : `${flat.slice(0, THREAD_PREVIEW_LENGTH - 1)}…`;
}

export interface Publication<E extends ServerEventName = ServerEventName> {
  event: E;
  payload: ServerEventPayload<E>;
  audience: Audience;
}

export const publication = <E extends ServerEventName>(
  event: E,
  payload: ServerEventPayload<E>,
  audience: Audience,
): Publication => ({ event, payload, audience }) as Publication;

/**
 * Tells the sockets and the bells, once the transaction that recorded it has committed. Best effort: a lost
 * push must not fail what was recorded (clients refetch on reconnect).
 */
export function announce(
  ctx: { realtime: Realtime; log: FastifyBaseLogger },
  publications: readonly Publication[],
  notifications: readonly StoredNotification[],
): void {
  try {
    for (const { event, payload, audience } of publications) ctx.realtime.publish(event, payload, audience);
    pushNotifications(ctx.realtime, notifications);
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not push an evidence event');
  }
}
