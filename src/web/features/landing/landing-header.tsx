import { Menu } from 'lucide-react';
import { lazy, Suspense, useState, type RefObject } from 'react';
import { Link } from 'wouter';
import { Brand } from '../../components/brand';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';

// Radix's menu is most of the landing page's script, and most visitors never open the menu: its code
// is fetched when the pointer or focus reaches the button, and the menu shows on the first press.
const loadSiteMenu = () => import('./site-menu');
const SiteMenu = lazy(loadSiteMenu);

interface LandingHeaderProps {
  /** Admins have no use for a bypass code, so the item is left out for them. */
  showAdminLogin: boolean;
  onAdminLogin: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

export function LandingHeader({ showAdminLogin, onAdminLogin, menuButtonRef }: LandingHeaderProps) {
  const [opened, setOpened] = useState<'no' | 'by-pointer' | 'by-keyboard'>('no');
  // Until the first press, the same button stands in, named and announced as the menu's trigger.
  const standIn = (
    <Button
      ref={menuButtonRef}
      variant="outline"
      size="icon"
      aria-label="Open site menu"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadSiteMenu()}
      onFocus={() => void loadSiteMenu()}
      // A click from Enter or Space has no pointer position (detail 0).
      onClick={(event) => setOpened(event.detail === 0 ? 'by-keyboard' : 'by-pointer')}
      onKeyDown={(event) => {
        // Radix's trigger also opens on ArrowDown.
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        setOpened('by-keyboard');
      }}
    >
      <Menu aria-hidden="true" />
    </Button>
  );
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
          {opened !== 'no' ? (
            <Suspense fallback={standIn}>
              <SiteMenu
                showAdminLogin={showAdminLogin}
                onAdminLogin={onAdminLogin}
                menuButtonRef={menuButtonRef}
                openedWithKeyboard={opened === 'by-keyboard'}
              />
            </Suspense>
          ) : (
            standIn
          )}
        </div>
      </div>
    </header>
  );
}
