import { inArray } from 'drizzle-orm';
import type { Notification } from '../../../shared/contracts/notifications.js';
import type { NotificationType } from '../../../shared/evidence-rules.js';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { notifications } from '../../db/schema-evidence.js';
import { users } from '../../db/schema.js';
import type { Realtime } from '../../realtime/socket.js';

/** A database or a transaction of it: notifications are stored with what they tell of. */
export type Writer = Pick<Database, 'insert' | 'select'>;

export interface NewNotification {
  type: NotificationType;
  title: string;
  message: string;
  /** A path of this app where the reader can act on it. */
  actionUrl: string | null;
  /** The thread a response lands in. */
  threadId?: string | null;
}

type NotificationRow = typeof notifications.$inferSelect;
export interface StoredNotification {
  userId: string;
  notification: Notification;
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    read: row.isRead,
    actionUrl: row.actionUrl,
    threadId: row.threadId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Stores one notification per user (deduplicated) with the writer it is given, so it commits or rolls back
 * with what it tells of. Push what it returns with `pushNotifications` only once that has committed.
 */
export async function recordNotifications(
  writer: Writer,
  userIds: readonly string[],
  input: NewNotification,
): Promise<StoredNotification[]> {
  const recipients = [...new Set(userIds)];
  if (recipients.length === 0) return [];
  const rows = await writer
    .insert(notifications)
    .values(
      recipients.map((userId) => ({
        userId,
        type: input.type,
        title: input.title,
        message: input.message,
        actionUrl: input.actionUrl,
        threadId: input.threadId ?? null,
      })),
    )
    .returning();
  return rows.map((row) => ({ userId: row.userId, notification: toNotification(row) }));
}

/** Tells each recipient's open sockets (on every instance) that a notification arrived. Best effort. */
export function pushNotifications(realtime: Realtime, stored: readonly StoredNotification[]): void {
  for (const { userId, notification } of stored)
    realtime.publish('notification.created', notification, { users: [userId] });
}

/** The stored accounts of staff (ADMIN_DISCORD_IDS) who have signed in at least once. */
export async function staffUserIds(
  db: Pick<Database, 'select'>,
  config: Pick<AppConfig, 'adminDiscordIds'>,
): Promise<string[]> {
  const discordIds = [...config.adminDiscordIds];
  if (discordIds.length === 0) return [];
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.discordId, discordIds));
  return rows.map((row) => row.id);
}
