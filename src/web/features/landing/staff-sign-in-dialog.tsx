import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, LogIn } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { TestAccountSignInRequest } from '../../../shared/contracts/admin-staff';
import { useTestAccountSignIn } from '../../api/auth/test-account-sign-in';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, failureMessage } from '../../lib/api-errors';

type Credentials = z.input<typeof TestAccountSignInRequest>;

function refusalText(error: Error): string {
  if (error instanceof ApiError && error.status === 429) return 'Too many attempts. Wait a minute and try again.';
  return failureMessage(error, 'Sign-in failed. Please try again.');
}

function StaffSignInForm() {
  const id = useId();
  const [, navigate] = useLocation();
  const form = useForm<Credentials>({
    resolver: zodResolver(TestAccountSignInRequest),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  const signIn = useTestAccountSignIn({ onSuccess: () => navigate('/dashboard') });
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => void form.handleSubmit((values) => signIn.mutate(values))(event)}
    >
      {signIn.isError && (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertDescription className="text-foreground">{refusalText(signIn.error)}</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-username`}>Username</Label>
        <Input
          id={`${id}-username`}
          autoComplete="username"
          {...form.register('username')}
          aria-invalid={errors.username !== undefined}
          aria-describedby={`${id}-username-error`}
        />
        {errors.username?.message !== undefined && (
          <p id={`${id}-username-error`} className="text-sm text-destructive">
            {errors.username.message}
          </p>
        )}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
          aria-invalid={errors.password !== undefined}
          aria-describedby={`${id}-password-error`}
        />
        {errors.password?.message !== undefined && (
          <p id={`${id}-password-error`} className="text-sm text-destructive">
            {errors.password.message}
          </p>
        )}
      </div>
      <Button type="submit" disabled={signIn.isPending}>
        {signIn.isPending ? <Spinner className="size-4 text-current" /> : <LogIn aria-hidden="true" />}
        Sign in
      </Button>
    </form>
  );
}

/** The staff sign-in form: a test account (made by staff on the admin page) signs in with its password. */
export default function StaffSignInDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Staff sign-in</DialogTitle>
          <DialogDescription>
            For test accounts created by Rampart staff. Everyone else signs in with Discord.
          </DialogDescription>
        </DialogHeader>
        {open && <StaffSignInForm />}
      </DialogContent>
    </Dialog>
  );
}
