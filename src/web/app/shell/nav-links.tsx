import { Link, useLocation } from 'wouter';
import { cn } from '../../lib/utils';
import { isNavItemActive, navItemsFor } from '../routes/route-table';

interface NavLinksProps {
  isAdmin: boolean;
  /** The mobile sheet closes itself when a link is followed. */
  onNavigate?: () => void;
}

export function NavLinks({ isAdmin, onNavigate }: NavLinksProps) {
  const [pathname] = useLocation();
  return (
    <nav aria-label="Main">
      <ul className="grid gap-1">
        {navItemsFor(isAdmin).map(({ label, href, icon: Icon }) => {
          const active = isNavItemActive(href, pathname);
          return (
            <li key={href}>
              <Link
                href={href}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                  active
                    ? 'bg-primary/15 text-primary'
                    : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
                )}
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
