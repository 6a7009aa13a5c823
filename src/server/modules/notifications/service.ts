import { and, count, desc, eq } from 'drizzle-orm';
import type { Notification } from '../../../shared/contracts/notifications.js';
import type { Database } from '../../db/client.js';
import { notifications } from '../../db/schema-evidence.js';
import { notFound } from '../../errors.js';
import { toNotification } from './notify.js';

/** The bell and the notifications page show the latest ones; older ones stay stored but are not listed. */
export const NOTIFICATION_LIST_LIMIT = 200;

export async function listNotifications(options: {
  db: Database;
  userId: string;
  unreadOnly: boolean;
}): Promise<Notification[]> {
  const own = eq(notifications.userId, options.userId);
  const rows = await options.db
    .select()
    .from(notifications)
    .where(options.unreadOnly ? and(own, eq(notifications.isRead, false)) : own)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  return rows.map(toNotification);
}

export async function countUnreadNotifications(options: { db: Database; userId: string }): Promise<number> {
  const [row] = await options.db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, options.userId), eq(notifications.isRead, false)));
  return row?.count ?? 0;
}

/** Read is one-way and repeating it changes nothing; someone else's notification is "not found". */
export async function markNotificationRead(options: {
  db: Database;
  userId: string;
  notificationId: string;
}): Promise<Notification> {
  const [row] = await options.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, options.notificationId), eq(notifications.userId, options.userId)))
    .returning();
  if (row === undefined) throw notFound('Notification');
  return toNotification(row);
}
