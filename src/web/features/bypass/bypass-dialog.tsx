import { LogIn } from 'lucide-react';
import type { CurrentUser } from '../../../shared/contracts/auth';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { SIGN_IN_URL } from '../../api/auth/sign-in';
import { BypassForm } from './bypass-form';

interface BypassDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: CurrentUser | null;
  onCloseAutoFocus?: (event: Event) => void;
}

/** 'Admin Login' on the landing page: a visitor is first asked to sign in, a signed-in user gets the form. */
export function BypassDialog({ open, onOpenChange, user, onCloseAutoFocus }: BypassDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Admin Login</DialogTitle>
          <DialogDescription>
            {user === null
              ? 'A bypass code is tied to your account. Sign in with Discord first, then open Admin Login again.'
              : 'Enter the bypass code you were given and choose the server it unlocks.'}
          </DialogDescription>
        </DialogHeader>
        {user === null ? (
          <Button asChild>
            <a href={SIGN_IN_URL}>
              <LogIn aria-hidden="true" />
              Sign in to continue
            </a>
          </Button>
        ) : (
          <BypassForm onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
