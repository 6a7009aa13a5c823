import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Brand } from './brand';
import { ThemeToggle } from './theme-toggle';

/** A public page outside the app shell: the brand (home) and the theme switch above the page's own content. */
export function PublicPageLayout({ children, width = 'max-w-xl' }: { children: ReactNode; width?: string }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border/60">
        <div className={`mx-auto flex h-16 ${width} items-center justify-between px-4`}>
          <Link
            href="/"
            aria-label="Rampart home"
            className="rounded-md focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Brand />
          </Link>
          <ThemeToggle />
        </div>
      </header>
      <main id="main-content" className={`mx-auto w-full ${width} flex-1 px-4 py-10`}>
        {children}
      </main>
    </div>
  );
}
