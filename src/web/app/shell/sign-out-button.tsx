import { LogOut } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { useLogout } from '../../api/auth/logout';

function reportLogoutFailure(): void {
  toast({ title: 'Logout Failed', description: 'Failed to logout. Please try again.', variant: 'destructive' });
}

/** `quiet` is for the mobile menu, which ignores a failed logout. */
export function SignOutButton({ quiet = false }: { quiet?: boolean }) {
  const logout = useLogout({ onError: quiet ? undefined : reportLogoutFailure });
  return (
    <Button
      variant="ghost"
      className="justify-start text-muted-foreground"
      disabled={logout.isPending}
      onClick={() => logout.mutate()}
    >
      {logout.isPending ? <Spinner className="size-4 text-current" /> : <LogOut aria-hidden="true" />}
      Sign Out
    </Button>
  );
}
