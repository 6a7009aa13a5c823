import { Info, KeyRound, Menu } from 'lucide-react';
import { useRef, type FocusEvent, type RefObject } from 'react';
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
  /** The first press came from the keyboard, before Radix listened to it. */
  openedWithKeyboard: boolean;
}

/**
 * The landing header's menu, in its own module so Radix's menu stays off the landing page's first load.
 * It mounts on the first press of the stand-in button, so it mounts open.
 */
export default function SiteMenu({ showAdminLogin, onAdminLogin, menuButtonRef, openedWithKeyboard }: SiteMenuProps) {
  const [, navigate] = useLocation();
  // Radix focuses the first item when its own trigger is opened from the keyboard; this press reached
  // the stand-in before Radix listened, so the first item is focused here when Radix focuses the menu.
  const firstItemFocusPending = useRef(openedWithKeyboard);
  const focusFirstItemOnce = (event: FocusEvent<HTMLDivElement>) => {
    if (!firstItemFocusPending.current || event.target !== event.currentTarget) return;
    firstItemFocusPending.current = false;
    event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  };
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <Button ref={menuButtonRef} variant="outline" size="icon" aria-label="Open site menu">
          <Menu aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" onFocus={focusFirstItemOnce}>
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
