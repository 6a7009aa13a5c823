import { Bell, Inbox } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';

/** The bell's place in the header; unread counts and the latest items arrive with the notifications feature. */
export function NotificationBell() {
  const [, navigate] = useLocation();
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while focus can still reach it.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Notifications">
          <Bell aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel>Notifications</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <p className="flex items-center gap-2 px-2 py-3 text-sm text-muted-foreground">
          <Inbox className="size-4" aria-hidden="true" />
          Audit and review updates will show up here.
        </p>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/notifications')}>View all notifications</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
