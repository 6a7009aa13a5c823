import { Info, KeyRound, Menu } from 'lucide-react';
import type { RefObject } from 'react';
import { Link, useLocation } from 'wouter';
import { Brand } from '../../components/brand';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';

interface LandingHeaderProps {
  /** Admins have no use for a bypass code, so the item is left out for them. */
  showAdminLogin: boolean;
  onAdminLogin: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

export function LandingHeader({ showAdminLogin, onAdminLogin, menuButtonRef }: LandingHeaderProps) {
  const [, navigate] = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/80 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          href="/"
          aria-label="Rampart home"
          className="rounded-md focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Brand tagline />
        </Link>
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button ref={menuButtonRef} variant="outline" size="icon" aria-label="Open site menu">
                <Menu aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => navigate('/about-our-audit')}>
                <Info aria-hidden="true" />
                About Our Audit
              </DropdownMenuItem>
              {showAdminLogin && (
                <DropdownMenuItem onSelect={onAdminLogin}>
                  <KeyRound aria-hidden="true" />
                  Admin Login
                </DropdownMenuItem>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
    </header>
  );
}
