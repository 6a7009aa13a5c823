import type { ReactNode } from 'react';
import type { CurrentUser } from '../../../shared/contracts/auth';
import { CopyrightLine } from '../../components/copyright-line';
import { ThemeToggle } from '../../components/theme-toggle';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';

export function AppShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <AppHeader user={user} />
      <div className="flex">
        <AppSidebar isAdmin={user.isAdmin} />
        <div className="flex min-h-[calc(100dvh-4rem)] min-w-0 flex-1 flex-col">
          <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-8 outline-none sm:px-6 lg:px-10">
            {children}
          </main>
          <footer className="flex items-center justify-between gap-4 border-t px-4 py-3 text-sm text-muted-foreground sm:px-6 lg:px-10">
            <CopyrightLine />
            <ThemeToggle />
          </footer>
        </div>
      </div>
    </div>
  );
}
