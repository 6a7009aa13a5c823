import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { useNotifications, useUnreadNotificationCount } from '../../api/notifications/notification-queries';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { BellMenuItems } from '../../features/notifications/bell-menu-items';
import { badgeText, bellLabel } from '../../features/notifications/notification-badge';

/** The header's bell: the unread badge, and the latest notifications once opened. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const count = useUnreadNotificationCount();
  // The list is asked for when the menu opens; the count alone is polled.
  const list = useNotifications(false, { enabled: open });
  const unread = count.data?.count ?? 0;
  const badge = badgeText(unread);
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while focus can still reach it.
    <DropdownMenu modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={bellLabel(count.data?.count)} className="relative">
          <Bell aria-hidden="true" />
          {badge !== null && (
            <span
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-bold text-destructive-foreground"
            >
              {badge}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-1rem)]">
        <DropdownMenuLabel>Notifications ({unread} unread)</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <BellMenuItems notifications={list.data} isError={list.isError} />
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/notifications">View all notifications</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
