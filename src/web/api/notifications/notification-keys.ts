import type { QueryClient } from '@tanstack/react-query';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (unreadOnly: boolean) => ['notifications', 'list', unreadOnly] as const,
  count: ['notifications', 'count'] as const,
};

/** A notification arrived or was read: the bell, its count and the page refresh. */
export function invalidateNotificationQueries(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: notificationKeys.all });
}
