import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { Notification } from '../../../shared/contracts/notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../../api/notifications/notification-mutations';
import { notificationKeys } from '../../api/notifications/notification-keys';
import { useNotifications } from '../../api/notifications/notification-queries';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { filterNotifications, notificationStats, topNotificationTypes } from './notification-stats';
import { NotificationList, NotificationListSkeleton, NotificationsEmpty } from './notification-list';
import { NotificationStatCards, NotificationTypeBreakdown } from './notification-summary';
import { NotificationToolbar, type ReadFilter } from './notification-toolbar';
import { PullIndicator } from './pull-indicator';
import { usePullToRefresh } from './pull-to-refresh';
import { RespondDialog } from './respond-dialog';
import { showMarkReadFailed } from './use-open-notification';

/** The list shows this many at first and this many more on each 'Show more'. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** /notifications: stats, the type breakdown, and the searchable list with its actions. */
export function NotificationsView() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<ReadFilter>('all');
  const [shownCount, setShownCount] = useState(NOTIFICATIONS_PAGE_SIZE);
  const [responding, setResponding] = useState<Notification | null>(null);
  const all = useNotifications(false);
  const unreadList = useNotifications(true, { enabled: filter === 'unread' });
  const listed = filter === 'unread' ? unreadList : all;
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const refresh = useCallback(async () => {
    try {
      await queryClient.refetchQueries({ queryKey: notificationKeys.all, type: 'active' }, { throwOnError: true });
      toast({ title: 'Refreshed', description: 'Notifications updated from database' });
    } catch {
      toast({
        title: 'Refresh Failed',
        description: 'Failed to refresh notifications. Please try again.',
        variant: 'destructive',
      });
    }
  }, [queryClient]);
  const pull = usePullToRefresh(refresh);
  const [refreshing, setRefreshing] = useState(false);
  const refreshFromButton = (): void => {
    setRefreshing(true);
    void refresh().finally(() => setRefreshing(false));
  };

  const markRead = (notification: Notification): void =>
    markOne.mutate(notification.id, { onError: showMarkReadFailed });

  const markAllRead = (): void => {
    const unreadIds = (all.data ?? []).filter((notification) => !notification.isRead).map(({ id }) => id);
    if (unreadIds.length === 0) {
      toast({ title: 'No unread notifications' });
      return;
    }
    markAll.mutate(unreadIds, {
      onSuccess: (marked) => toast({ title: 'Success', description: `Marked ${marked} notifications as read` }),
      onError: () =>
        toast({ title: 'Error', description: 'Failed to mark all notifications as read', variant: 'destructive' }),
    });
  };

  const changeSearch = (next: string): void => {
    setSearch(next);
    setShownCount(NOTIFICATIONS_PAGE_SIZE);
  };
  const changeFilter = (next: ReadFilter): void => {
    setFilter(next);
    setShownCount(NOTIFICATIONS_PAGE_SIZE);
  };

  const matching = filterNotifications(listed.data ?? [], { search, unreadOnly: filter === 'unread' });
  const filtered = search.trim() !== '' || filter === 'unread';

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6" {...pull.handlers}>
      <PullIndicator distance={pull.distance} refreshing={pull.refreshing} />
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Notifications</h1>
        <p className="text-sm text-muted-foreground">Updates about your audits and evidence reviews.</p>
      </header>
      {all.data !== undefined && (
        <>
          <NotificationStatCards stats={notificationStats(all.data, new Date())} />
          <NotificationTypeBreakdown shares={topNotificationTypes(all.data)} />
        </>
      )}
      <NotificationToolbar
        search={search}
        onSearchChange={changeSearch}
        filter={filter}
        onFilterChange={changeFilter}
        refreshing={refreshing || pull.refreshing}
        onRefresh={refreshFromButton}
        markingAll={markAll.isPending}
        onMarkAllRead={markAllRead}
      />
      {listed.isError ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>Failed to fetch notifications</AlertTitle>
          <AlertDescription>
            <Button variant="link" className="h-auto p-0" onClick={() => void listed.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : listed.data === undefined ? (
        <NotificationListSkeleton />
      ) : matching.length === 0 ? (
        <NotificationsEmpty filtered={filtered} />
      ) : (
        <NotificationList
          notifications={matching.slice(0, shownCount)}
          matching={matching.length}
          markingId={markOne.isPending ? (markOne.variables ?? null) : null}
          onMarkRead={markRead}
          onRespond={setResponding}
          onShowMore={() => setShownCount((count) => count + NOTIFICATIONS_PAGE_SIZE)}
        />
      )}
      <RespondDialog notification={responding} onClose={() => setResponding(null)} />
    </div>
  );
}
