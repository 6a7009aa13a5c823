import { Check, ExternalLink, MessageSquareReply } from 'lucide-react';
import { Link } from 'wouter';
import type { Notification } from '../../../shared/contracts/notifications';
import { RESPONDABLE_NOTIFICATION_TYPES } from '../../../shared/evidence-rules';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format-date';
import { cn } from '../../lib/utils';
import { inAppPath } from './action-url';
import { relativeTime } from './notification-stats';
import { NotificationTypeIcon } from './notification-type-icon';
import { NOTIFICATION_TYPE_STYLES } from './notification-types';

interface NotificationListItemProps {
  notification: Notification;
  now: Date;
  marking: boolean;
  onMarkRead: (notification: Notification) => void;
  onRespond: (notification: Notification) => void;
}

/** One notification: its type's colour and icon, highlighted with a 'New' badge while unread. */
export function NotificationListItem({ notification, now, marking, onMarkRead, onRespond }: NotificationListItemProps) {
  const { label } = NOTIFICATION_TYPE_STYLES[notification.type];
  const path = inAppPath(notification.actionUrl, window.location.origin);
  const unread = !notification.isRead;
  return (
    <Card
      className={cn('flex gap-3 p-4 sm:gap-4 sm:p-5', unread && 'border-primary/50 bg-primary/5')}
      aria-labelledby={`notification-${notification.id}`}
      role="article"
    >
      <NotificationTypeIcon type={notification.type} className="size-10" />
      <div className="grid min-w-0 flex-1 grid-cols-1 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3
            id={`notification-${notification.id}`}
            className={cn('text-base break-words', unread ? 'font-semibold' : 'font-medium')}
          >
            {notification.title}
          </h3>
          {unread && <Badge>New</Badge>}
        </div>
        <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{notification.message}</p>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
          <span>{label}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={notification.createdAt} title={formatDateTime(notification.createdAt)}>
            {relativeTime(notification.createdAt, now)}
          </time>
        </p>
        <div className="flex flex-wrap gap-2">
          {path !== null && (
            <Button asChild size="sm" variant="outline">
              <Link href={path} onClick={() => unread && onMarkRead(notification)}>
                <ExternalLink aria-hidden="true" />
                Open
              </Link>
            </Button>
          )}
          {RESPONDABLE_NOTIFICATION_TYPES.includes(notification.type) && (
            <Button size="sm" variant="outline" onClick={() => onRespond(notification)}>
              <MessageSquareReply aria-hidden="true" />
              Respond
            </Button>
          )}
          {unread && (
            <Button size="sm" variant="ghost" disabled={marking} onClick={() => onMarkRead(notification)}>
              <Check aria-hidden="true" />
              Mark as read
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
