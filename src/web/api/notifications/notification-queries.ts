import { queryOptions, useQuery } from '@tanstack/react-query';
import { countUnreadNotifications, listNotifications } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';
import { notificationKeys } from './notification-keys';

/** The bell's count is the one thing besides audits that is polled. */
export const UNREAD_COUNT_POLL_INTERVAL_MS = 30_000;

export const listNotificationsOptions = (unreadOnly: boolean) =>
  queryOptions({
    queryKey: notificationKeys.list(unreadOnly),
    queryFn: () => callEndpoint(listNotifications, { query: unreadOnly ? { unread: 'true' } : {} }),
  });

export const unreadNotificationCountOptions = () =>
  queryOptions({
    queryKey: notificationKeys.count,
    queryFn: () => callEndpoint(countUnreadNotifications),
    refetchInterval: UNREAD_COUNT_POLL_INTERVAL_MS,
  });

/** The caller's notifications, newest first; all of them or the unread ones. */
export function useNotifications(unreadOnly: boolean, options: { enabled?: boolean } = {}) {
  return useQuery({ ...listNotificationsOptions(unreadOnly), enabled: options.enabled ?? true });
}

/** The unread count, polled every 30 s while mounted (the bell is mounted whenever someone is signed in). */
export function useUnreadNotificationCount() {
  return useQuery(unreadNotificationCountOptions());
}
