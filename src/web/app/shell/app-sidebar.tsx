import { NavLinks } from './nav-links';
import { QuickActions } from './quick-actions';
import { SignOutButton } from './sign-out-button';

export function AppSidebar({ isAdmin }: { isAdmin: boolean }) {
  return (
    <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-64 shrink-0 flex-col gap-6 overflow-y-auto border-r bg-card/40 p-4 md:flex">
      <NavLinks isAdmin={isAdmin} />
      <QuickActions />
      <div className="mt-auto grid border-t pt-4">
        <SignOutButton />
      </div>
    </aside>
  );
}
