import { BellOff } from 'lucide-react';
import type { Notification } from '../../../shared/contracts/notifications';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { NotificationListItem } from './notification-list-item';

/** Three placeholder cards while the list loads. */
export function NotificationListSkeleton() {
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">Loading notifications...</span>
      {[0, 1, 2].map((index) => (
        <div key={index} className="flex gap-4 rounded-xl border bg-card p-5" aria-hidden="true">
          <div className="size-10 shrink-0 animate-pulse rounded-lg bg-muted" />
          <div className="grid flex-1 gap-2">
            <div className="h-4 w-1/3 animate-pulse rounded bg-muted" />
            <div className="h-3 w-4/5 animate-pulse rounded bg-muted" />
            <div className="h-3 w-1/5 animate-pulse rounded bg-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** No notifications at all, or none that match the search and filter. */
export function NotificationsEmpty({ filtered }: { filtered: boolean }) {
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <BellOff className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">{filtered ? 'No matching notifications' : 'No notifications yet'}</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        {filtered
          ? 'No notification matches your search or filter.'
          : 'Updates about your audits and evidence reviews will appear here.'}
      </p>
    </Card>
  );
}

interface NotificationListProps {
  notifications: readonly Notification[];
  /** How many match the search and filter; the list shows the first `notifications.length` of them. */
  matching: number;
  markingId: string | null;
  onMarkRead: (notification: Notification) => void;
  onRespond: (notification: Notification) => void;
  onShowMore: () => void;
}

export function NotificationList(props: NotificationListProps) {
  const { notifications, matching, markingId, onMarkRead, onRespond, onShowMore } = props;
  const now = new Date();
  return (
    <section aria-labelledby="notification-list-heading" className="grid gap-3">
      <h2 id="notification-list-heading" className="sr-only">
        Notification list
      </h2>
      {notifications.map((notification) => (
        <NotificationListItem
          key={notification.id}
          notification={notification}
          now={now}
          marking={markingId === notification.id}
          onMarkRead={onMarkRead}
          onRespond={onRespond}
        />
      ))}
      {matching > notifications.length && (
        <div className="flex flex-col items-center gap-2 pt-2 text-sm text-muted-foreground">
          <p>
            Showing {notifications.length} of {matching} notifications
          </p>
          <Button variant="outline" size="sm" onClick={onShowMore}>
            Show more
          </Button>
        </div>
      )}
    </section>
  );
}
