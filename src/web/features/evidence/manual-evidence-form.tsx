import { ClipboardCheck, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { StoredCheckResult } from '../../../shared/contracts/audits';
import { completionRateOf } from '../../../shared/evidence-rules';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { FilePicker } from './file-picker';
import { manualAttachment } from './manual-evidence';
import { useSubmitEvidence } from './use-submit-evidence';

interface ManualEvidenceFormProps {
  auditId: string;
  check: StoredCheckResult;
  /** The check's fixed checklist (MANUAL_CHECKLISTS); empty for another check that needs manual evidence. */
  items: readonly string[];
  onSubmitted: () => void;
}

/**
 * The manual evidence card: what the bot cannot see, the owner attests item by item, with a description,
 * the 'I AGREE' acknowledgement and optional files. Ticking every item is not required.
 */
export function ManualEvidenceForm({ auditId, check, items, onSubmitted }: ManualEvidenceFormProps) {
  const [checked, setChecked] = useState<boolean[]>(() => items.map(() => false));
  const [description, setDescription] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const { submit, isPending } = useSubmitEvidence();
  const formId = useId();
  const checklist = items.map((item, index) => ({ item, checked: checked[index] ?? false }));
  const completion = completionRateOf(checklist);

  const reset = () => {
    setChecked(items.map(() => false));
    setDescription('');
    setAgreed(false);
    setFiles([]);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (description.trim() === '') {
      toast({
        title: 'Description Required',
        description: 'Please provide a description of your evidence.',
        variant: 'destructive',
      });
      return;
    }
    if (!agreed) {
      toast({
        title: 'Acknowledgment Required',
        description: 'Please acknowledge that you understand the security implications.',
        variant: 'destructive',
      });
      return;
    }
    const submittedAt = new Date();
    const done = await submit({
      evidence: { auditId, checkId: check.checkId, description, content: description },
      files,
      attachmentsFor: (fileIds) => [manualAttachment({ items, checked, fileIds, submittedAt })],
    });
    if (!done) return;
    reset();
    onSubmitted();
  };

  return (
    <form
      onSubmit={(event) => void send(event)}
      aria-labelledby={`${formId}-title`}
      className="grid gap-4 rounded-lg border bg-muted/20 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${formId}-title`} className="flex items-center gap-2 text-sm font-semibold">
          <ClipboardCheck className="size-4 text-primary" aria-hidden="true" />
          Manual evidence
        </h4>
        {checklist.length > 0 && (
          <span className="text-xs text-muted-foreground" aria-live="polite">
            Completed: <span className="font-semibold tabular-nums text-foreground">{completion}</span>
          </span>
        )}
      </div>
      {checklist.length > 0 && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm text-muted-foreground">
            Tick each item that holds for {check.checkName}.
          </legend>
          {checklist.map(({ item, checked: isChecked }, index) => (
            <div key={item} className="flex items-start gap-2.5 text-sm">
              <input
                type="checkbox"
                id={`${formId}-item-${index}`}
                checked={isChecked}
                disabled={isPending}
                onChange={(event) =>
                  setChecked((current) => current.map((value, at) => (at === index ? event.target.checked : value)))
                }
                className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]"
              />
              <label htmlFor={`${formId}-item-${index}`}>{item}</label>
            </div>
          ))}
        </fieldset>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={`${formId}-description`}>Description of your evidence</Label>
        <Textarea
          id={`${formId}-description`}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          rows={4}
          disabled={isPending}
          placeholder="How did you verify these items? Who holds the accounts or backups?"
        />
      </div>
      <FilePicker type="document" files={files} onChange={setFiles} disabled={isPending} />
      <div className="flex items-start gap-2.5 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm">
        <input
          type="checkbox"
          id={`${formId}-agree`}
          checked={agreed}
          disabled={isPending}
          onChange={(event) => setAgreed(event.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]"
        />
        <label htmlFor={`${formId}-agree`}>
          <span className="font-semibold">I AGREE</span>: I understand the security implications of these settings, and
          what I state here is true.
        </label>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={isPending}>
          {isPending ? <Spinner /> : <Send aria-hidden="true" />}
          {isPending ? 'Submitting...' : 'Submit Evidence'}
        </Button>
      </div>
    </form>
  );
}
