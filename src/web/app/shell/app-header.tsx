import { House } from 'lucide-react';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../shared/contracts/auth';
import { Brand } from '../../components/brand';
import { Avatar, AvatarFallback } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { avatarInitial } from './avatar-initial';
import { MobileNav } from './mobile-nav';
import { NotificationBell } from './notification-bell';

export function AppHeader({ user }: { user: CurrentUser }) {
  return (
    <header className="sticky top-0 z-40 h-16 border-b border-border/60 bg-background/85 backdrop-blur-md">
      <div className="flex h-full items-center gap-2 px-3 sm:px-4">
        <MobileNav isAdmin={user.isAdmin} />
        <Brand />
        <div className="ml-auto flex items-center gap-1">
          <Button asChild variant="ghost" size="icon">
            <Link href="/" aria-label="Home">
              <House aria-hidden="true" />
            </Link>
          </Button>
          <NotificationBell />
          <Avatar className="ml-1 size-9 border border-primary/30" title={user.username}>
            <AvatarFallback aria-hidden="true">{avatarInitial(user.username)}</AvatarFallback>
          </Avatar>
          <span className="sr-only">Signed in as {user.username}</span>
        </div>
      </div>
    </header>
  );
}
