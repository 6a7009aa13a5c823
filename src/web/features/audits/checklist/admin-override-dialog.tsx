import { useId, useState, type FormEvent } from 'react';
import type { StoredCheckResult } from '../../../../shared/contracts/audits';
import { CheckStatusBadge } from '../audit-badges';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { OverrideBadge } from './override-mark';
import type { OverrideChoice } from './override-request';

const CHOICES: { value: OverrideChoice; label: string; hint: string }[] = [
  { value: 'PASS', label: 'Pass', hint: 'The check is met; it counts as passed.' },
  { value: 'FAIL', label: 'Fail', hint: 'The check is not met; it counts against the score.' },
  { value: 'WAIVED', label: 'Waived', hint: 'Accepted risk; it counts as passed.' },
];

interface AdminOverrideDialogProps {
  check: StoredCheckResult | null;
  isPending: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (check: StoredCheckResult, choice: OverrideChoice, notes: string) => void;
}

function OverrideForm({
  check,
  isPending,
  onSubmit,
}: {
  check: StoredCheckResult;
  isPending: boolean;
  onSubmit: AdminOverrideDialogProps['onSubmit'];
}) {
  const [choice, setChoice] = useState<OverrideChoice>(check.status === 'FAIL' ? 'WAIVED' : 'FAIL');
  const [notes, setNotes] = useState(check.waiveReason ?? '');
  const notesId = useId();
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(check, choice, notes);
  };
  return (
    <form onSubmit={submit} className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">New status</legend>
        {CHOICES.map((option) => (
          <div
            key={option.value}
            className="flex items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
          >
            <input
              type="radio"
              id={`${formId}-${option.value}`}
              name={`${formId}-status`}
              value={option.value}
              checked={choice === option.value}
              onChange={() => setChoice(option.value)}
              aria-describedby={`${formId}-${option.value}-hint`}
              className="mt-0.5 accent-[var(--color-primary)]"
            />
            <span className="grid gap-0.5">
              <label htmlFor={`${formId}-${option.value}`} className="cursor-pointer font-medium">
                {option.label}
              </label>
              <span id={`${formId}-${option.value}-hint`} className="text-muted-foreground">
                {option.hint}
              </span>
            </span>
          </div>
        ))}
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor={notesId}>Admin notes</Label>
        <Textarea
          id={notesId}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          placeholder="Why this status is right, for the owner and the next reviewer"
          maxLength={2000}
        />
      </div>
      <DialogFooter>
        <Button type="submit" disabled={isPending}>
          {isPending && <Spinner className="size-4 text-current" />}
          Override Check
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Staff only: sets a check to Pass, Fail or Waived with notes. */
export function AdminOverrideDialog({ check, isPending, onOpenChange, onSubmit }: AdminOverrideDialogProps) {
  return (
    <Dialog open={check !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {check !== null && (
          <>
            <DialogHeader>
              <DialogTitle>Admin Override</DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-2">
                {check.checkName}, currently <CheckStatusBadge status={check.status} />
                <OverrideBadge check={check} />
                <span>
                  Your change is recorded as a staff decision under your name and counts toward the score and
                  certification.
                </span>
              </DialogDescription>
            </DialogHeader>
            <OverrideForm key={check.id} check={check} isPending={isPending} onSubmit={onSubmit} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
