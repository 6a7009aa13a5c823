import { Inbox } from 'lucide-react';
import type { Notification } from '../../../shared/contracts/notifications';
import { LoadingStatus } from '../../components/loading-status';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu';
import { cn } from '../../lib/utils';
import { BELL_ITEMS_SHOWN, moreNotificationsText } from './notification-badge';
import { relativeTime } from './notification-stats';
import { NotificationTypeIcon } from './notification-type-icon';
import { useOpenNotification } from './use-open-notification';

interface BellMenuItemsProps {
  notifications: readonly Notification[] | undefined;
  isError: boolean;
}

/** The dropdown's body: the latest five (unread highlighted), then how many more there are. */
export function BellMenuItems({ notifications, isError }: BellMenuItemsProps) {
  const open = useOpenNotification();
  if (isError) return <p className="px-2 py-3 text-sm text-destructive">Failed to fetch notifications</p>;
  if (notifications === undefined) return <LoadingStatus label="Loading notifications..." className="px-2 py-3" />;
  if (notifications.length === 0) {
    return (
      <p className="flex items-center gap-2 px-2 py-3 text-sm text-muted-foreground">
        <Inbox className="size-4" aria-hidden="true" />
        No notifications yet
      </p>
    );
  }
  const now = new Date();
  const more = moreNotificationsText(notifications.length);
  return (
    <>
      {notifications.slice(0, BELL_ITEMS_SHOWN).map((notification) => (
        <DropdownMenuItem
          key={notification.id}
          onSelect={() => void open(notification)}
          className={cn('items-start gap-3 py-2', !notification.isRead && 'bg-primary/10')}
        >
          <NotificationTypeIcon type={notification.type} />
          <span className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
            <span className="flex min-w-0 items-center gap-2">
              <span className={cn('truncate', !notification.isRead && 'font-semibold')}>{notification.title}</span>
              {!notification.isRead && (
                <>
                  <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />
                  <span className="sr-only">(unread)</span>
                </>
              )}
            </span>
            <span className="line-clamp-2 text-xs break-words text-muted-foreground">{notification.message}</span>
            <span className="text-xs text-muted-foreground">{relativeTime(notification.createdAt, now)}</span>
          </span>
        </DropdownMenuItem>
      ))}
      {more !== null && <p className="px-2 py-1.5 text-xs text-muted-foreground">{more}</p>}
    </>
  );
}
