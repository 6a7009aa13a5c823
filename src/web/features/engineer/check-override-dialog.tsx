import { useId, useState, type FormEvent } from 'react';
import type { StoredCheckResult } from '../../../shared/contracts/audits';
import { useUpdateCheck } from '../../api/audits/audit-mutations';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { failureMessage } from '../../lib/api-errors';
import { existingReason, isOverridden, overrideBody, overriddenStatus, type OverrideStatus } from './engineer-rules';

const CHOICES: { value: OverrideStatus; label: string }[] = [
  { value: 'WAIVED', label: 'Waived (Manual Verification)' },
  { value: 'PASS', label: 'Pass (Override to Pass)' },
];

function initialChoice(check: StoredCheckResult): OverrideStatus {
  return isOverridden(check) && overriddenStatus(check) === 'PASS' ? 'PASS' : 'WAIVED';
}

function OverrideForm({ check, isAdmin, onDone }: { check: StoredCheckResult; isAdmin: boolean; onDone: () => void }) {
  const id = useId();
  const [choice, setChoice] = useState<OverrideStatus>(() => initialChoice(check));
  const [reason, setReason] = useState('');
  const update = useUpdateCheck();
  const body = overrideBody(choice, reason, check);
  const previous = existingReason(check);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body === null) return;
    update.mutate(
      { checkResultId: check.id, ...body },
      {
        onSuccess: () => {
          toast({ title: 'Audit Check Overridden', description: check.checkName, variant: 'success' });
          onDone();
        },
        onError: (error) =>
          toast({
            title: 'Override Failed',
            description: failureMessage(error, 'Failed to update audit check status'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Override to</legend>
        {CHOICES.map((option) => (
          <div
            key={option.value}
            className="flex items-center gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
          >
            <input
              type="radio"
              id={`${id}-${option.value}`}
              name={`${id}-status`}
              value={option.value}
              checked={choice === option.value}
              onChange={() => setChoice(option.value)}
              className="accent-[var(--color-primary)]"
            />
            <label htmlFor={`${id}-${option.value}`} className="cursor-pointer font-medium">
              {option.label}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-reason`}>Reason</Label>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder={previous ?? 'How this was verified, for the owner and the next reviewer'}
          maxLength={2000}
          aria-describedby={`${id}-reason-hint`}
        />
        <p id={`${id}-reason-hint`} className="text-xs text-muted-foreground">
          {previous === null ? 'A reason is required.' : 'Left empty, the reason already on record is kept.'}
          {isAdmin ? '' : ' Owners give at least 10 characters.'}
        </p>
      </div>
      {update.isError && (
        // The toast says it too, but a modal dialog hides the toasts from screen readers.
        <p role="alert" className="text-sm text-destructive">
          {failureMessage(update.error, 'Failed to update audit check status')}
        </p>
      )}
      <DialogFooter>
        <Button type="submit" disabled={body === null || update.isPending}>
          {update.isPending && <Spinner className="size-4 text-current" />}
          {isOverridden(check) ? 'Update' : 'Apply'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Override one failed check to Waived or Pass with a reason; `check` null means closed. */
export function CheckOverrideDialog({
  check,
  isAdmin,
  onClose,
}: {
  check: StoredCheckResult | null;
  isAdmin: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={check !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {check !== null && (
          <>
            <DialogHeader>
              <DialogTitle>Override {check.checkName}</DialogTitle>
              <DialogDescription>
                {isAdmin
                  ? 'Your change is recorded as a staff decision under your name and counts toward the score and certification.'
                  : 'Your override is recorded as self-attested under your name. It is not verified by Rampart, so it counts neither in the score nor toward a certificate.'}
              </DialogDescription>
            </DialogHeader>
            <OverrideForm key={check.id} check={check} isAdmin={isAdmin} onDone={onClose} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
