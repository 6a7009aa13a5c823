import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateTestAccountRequest } from '../../../shared/contracts/admin-staff';
import { useCreateTestAccount } from '../../api/admin-staff/admin-staff';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { failureMessage } from '../../lib/api-errors';
import { FieldError } from '../../components/field-error';

type FormInput = z.input<typeof CreateTestAccountRequest>;
type FormOutput = z.output<typeof CreateTestAccountRequest>;

const DEFAULTS: FormInput = { username: '', password: '', discordId: '', isAdmin: false };

/** Staff create a test account: username and password required, the Discord id generated when left empty. */
export function CreateTestAccountForm() {
  const id = useId();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(CreateTestAccountRequest),
    defaultValues: DEFAULTS,
  });
  const { errors } = form.formState;
  const create = useCreateTestAccount({
    onSuccess: () => {
      form.reset(DEFAULTS);
      toast({ title: 'Account Created', variant: 'success' });
    },
    onError: (error) => toast({ title: 'Creation Failed', description: failureMessage(error), variant: 'destructive' }),
  });

  return (
    <form
      noValidate
      aria-label="Create a test account"
      className="grid gap-4 rounded-lg border p-4"
      onSubmit={(event) =>
        void form.handleSubmit((values) =>
          create.mutate({ ...values, discordId: values.discordId === '' ? undefined : values.discordId }),
        )(event)
      }
    >
      <h3 className="font-medium">New test account</h3>
      <div className="grid items-start gap-4 md:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-username`}>Username</Label>
          <Input
            id={`${id}-username`}
            autoComplete="off"
            {...form.register('username')}
            aria-invalid={errors.username !== undefined}
            aria-describedby={`${id}-username-error`}
          />
          <FieldError id={`${id}-username-error`} message={errors.username?.message} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-password`}>Password</Label>
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            {...form.register('password')}
            aria-invalid={errors.password !== undefined}
            aria-describedby={`${id}-password-error`}
          />
          <FieldError id={`${id}-password-error`} message={errors.password?.message} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-discord-id`}>Discord id (optional)</Label>
          <Input
            id={`${id}-discord-id`}
            inputMode="numeric"
            className="font-mono"
            {...form.register('discordId')}
            aria-invalid={errors.discordId !== undefined}
            aria-describedby={`${id}-discord-id-hint ${id}-discord-id-error`}
          />
          <p id={`${id}-discord-id-hint`} className="text-xs text-muted-foreground">
            Left empty, one is generated.
          </p>
          <FieldError id={`${id}-discord-id-error`} message={errors.discordId?.message} />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2.5 text-sm">
          <input
            type="checkbox"
            id={`${id}-admin`}
            {...form.register('isAdmin')}
            className="size-4 accent-[var(--color-primary)]"
          />
          <Label htmlFor={`${id}-admin`}>Admin</Label>
        </div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner className="size-4 text-current" /> : <UserPlus aria-hidden="true" />}
          {create.isPending ? 'Creating...' : 'Create Account'}
        </Button>
      </div>
    </form>
  );
}
