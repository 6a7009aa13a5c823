import { Menu } from 'lucide-react';
import { useState } from 'react';
import { Brand } from '../../components/brand';
import { Button } from '../../components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../../components/ui/sheet';
import { NavLinks } from './nav-links';
import { QuickActions } from './quick-actions';
import { SignOutButton } from './sign-out-button';

export function MobileNav({ isAdmin }: { isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open navigation menu">
          <Menu aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetTitle asChild>
          <h2>
            <Brand />
            <span className="sr-only"> navigation</span>
          </h2>
        </SheetTitle>
        <SheetDescription className="sr-only">Pages and quick actions</SheetDescription>
        <NavLinks isAdmin={isAdmin} onNavigate={() => setOpen(false)} />
        <QuickActions />
        <div className="mt-auto grid border-t pt-4">
          <SignOutButton quiet />
        </div>
      </SheetContent>
    </Sheet>
  );
}
