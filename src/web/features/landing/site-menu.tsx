import { Info, KeyRound, Menu } from 'lucide-react';
import type { RefObject } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';

export interface SiteMenuProps {
  /** Admins have no use for a bypass code, so the item is left out for them. */
  showAdminLogin: boolean;
  onAdminLogin: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The landing header's menu, in its own module so Radix's menu stays off the landing page's first load.
 * It mounts on the first press of the stand-in button, so it mounts open.
 */
export default function SiteMenu({ showAdminLogin, onAdminLogin, menuButtonRef }: SiteMenuProps) {
  const [, navigate] = useLocation();
  return (
    <DropdownMenu defaultOpen>
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
  );
}
