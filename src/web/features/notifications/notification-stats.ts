import { NOTIFICATION_TYPES, type NotificationType } from '../../../shared/evidence-rules';
import type { Notification } from '../../../shared/contracts/notifications';

/** What the page and the bell read of a notification. */
export type NotificationItem = Pick<Notification, 'id' | 'type' | 'title' | 'message' | 'isRead' | 'createdAt'>;

export interface NotificationStats {
  total: number;
  unread: number;
  today: number;
  /** Null when there are none. */
  mostCommonType: NotificationType | null;
}

export interface TypeShare {
  type: NotificationType;
  count: number;
  /** Of all notifications, rounded to a whole percent. */
  percent: number;
}

/** How many notifications of each type, most frequent first; a tie keeps the spec's order of types. */
function typeCounts(notifications: readonly NotificationItem[]): { type: NotificationType; count: number }[] {
  const counts = new Map<NotificationType, number>();
  for (const notification of notifications) counts.set(notification.type, (counts.get(notification.type) ?? 0) + 1);
  return NOTIFICATION_TYPES.flatMap((type) => {
    const count = counts.get(type) ?? 0;
    return count > 0 ? [{ type, count }] : [];
  }).sort((a, b) => b.count - a.count);
}

function isSameLocalDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** The four stat cards: total, unread, received today (the reader's calendar day) and the most common type. */
export function notificationStats(notifications: readonly NotificationItem[], now: Date): NotificationStats {
  return {
    total: notifications.length,
    unread: notifications.filter((notification) => !notification.isRead).length,
    today: notifications.filter((notification) => isSameLocalDay(new Date(notification.createdAt), now)).length,
    mostCommonType: typeCounts(notifications)[0]?.type ?? null,
  };
}

export const TOP_TYPES_SHOWN = 3;

/** The breakdown card: the three most frequent types with their share of all notifications. */
export function topNotificationTypes(notifications: readonly NotificationItem[]): TypeShare[] {
  const total = notifications.length;
  return typeCounts(notifications)
    .slice(0, TOP_TYPES_SHOWN)
    .map(({ type, count }) => ({ type, count, percent: Math.round((count / total) * 100) }));
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** 'Just now' under a minute, then whole minutes, hours and days ago. */
export function relativeTime(iso: string, now: Date): string {
  const elapsed = now.getTime() - Date.parse(iso);
  if (Number.isNaN(elapsed) || elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return `${Math.floor(elapsed / DAY_MS)}d ago`;
}

export interface NotificationFilter {
  search: string;
  unreadOnly: boolean;
}

/** The list as searched (title and message, ignoring case) and filtered (All Notifications or Unread Only). */
export function filterNotifications<T extends NotificationItem>(
  notifications: readonly T[],
  { search, unreadOnly }: NotificationFilter,
): T[] {
  const needle = search.trim().toLocaleLowerCase();
  return notifications.filter(
    (notification) =>
      (!unreadOnly || !notification.isRead) &&
      (needle === '' ||
        notification.title.toLocaleLowerCase().includes(needle) ||
        notification.message.toLocaleLowerCase().includes(needle)),
  );
}
