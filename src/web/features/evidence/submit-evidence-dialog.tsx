import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { StoredCheckResult } from '../../../shared/contracts/audits';
import { EVIDENCE_TYPE_LABELS, EVIDENCE_TYPES, type EvidenceType } from '../../../shared/evidence-rules';
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
import { cn } from '../../lib/utils';
import { filesFitting } from './evidence-files';
import { jsonProblem } from './evidence-text';
import { FilePicker } from './file-picker';
import { useSubmitEvidence } from './use-submit-evidence';

const TEXT_LABELS: Record<EvidenceType, string> = {
  note: 'Evidence details',
  screenshot: 'What the screenshots show',
  document: 'What the files show',
  json: 'Configuration data (JSON)',
};

const TYPE_HINTS: Record<EvidenceType, string> = {
  note: 'Explain how the server meets this check.',
  screenshot: 'Upload screenshots of the settings.',
  document: 'Upload a PDF, text, JSON or image file.',
  json: 'Paste exported settings as JSON.',
};

function EvidenceForm({ auditId, check, onDone }: { auditId: string; check: StoredCheckResult; onDone: () => void }) {
  const [type, setType] = useState<EvidenceType>('note');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const { submit, isPending } = useSubmitEvidence();
  const formId = useId();
  const textId = useId();
  const jsonErrorId = useId();
  const problem = type === 'json' ? jsonProblem(text) : null;
  const takesFiles = type === 'screenshot' || type === 'document';

  const chooseType = (next: EvidenceType) => {
    setType(next);
    if (next === 'screenshot' || next === 'document') setFiles((current) => filesFitting(current, next));
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      toast({
        title: 'Missing Information',
        description: 'Please provide evidence details before submitting.',
        variant: 'destructive',
      });
      return;
    }
    if (problem !== null) return;
    const chosen = takesFiles ? files : [];
    const done = await submit({
      evidence: { auditId, checkId: check.checkId, content: text },
      files: chosen,
      attachmentsFor: (fileIds) => [{ type, ...(fileIds.length > 0 ? { fileIds } : {}) }],
    });
    if (done) onDone();
  };

  return (
    <form onSubmit={(event) => void send(event)} className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Evidence type</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {EVIDENCE_TYPES.map((option) => (
            <div
              key={option}
              className="flex items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
            >
              <input
                type="radio"
                id={`${formId}-${option}`}
                name={`${formId}-type`}
                value={option}
                checked={type === option}
                onChange={() => chooseType(option)}
                disabled={isPending}
                aria-describedby={`${formId}-${option}-hint`}
                className="mt-0.5 accent-[var(--color-primary)]"
              />
              <span className="grid gap-0.5">
                <label htmlFor={`${formId}-${option}`} className="cursor-pointer font-medium">
                  {EVIDENCE_TYPE_LABELS[option]}
                </label>
                <span id={`${formId}-${option}-hint`} className="text-xs text-muted-foreground">
                  {TYPE_HINTS[option]}
                </span>
              </span>
            </div>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor={textId}>{TEXT_LABELS[type]}</Label>
        <Textarea
          id={textId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={type === 'json' ? 8 : 5}
          disabled={isPending}
          aria-invalid={problem !== null}
          aria-describedby={problem === null ? undefined : jsonErrorId}
          placeholder={type === 'json' ? '{ "verificationLevel": "HIGH" }' : undefined}
          className={cn(type === 'json' && 'font-mono text-xs')}
        />
        {problem !== null && (
          <p id={jsonErrorId} role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
      </div>
      {takesFiles && <FilePicker type={type} files={files} onChange={setFiles} disabled={isPending} />}
      <DialogFooter>
        <Button type="submit" disabled={isPending || problem !== null}>
          {isPending ? <Spinner /> : <Send aria-hidden="true" />}
          {isPending ? 'Submitting...' : 'Submit Evidence'}
        </Button>
      </DialogFooter>
    </form>
  );
}

interface SubmitEvidenceDialogProps {
  auditId: string;
  /** The failed check the evidence is about; null while the dialog is closed. */
  check: StoredCheckResult | null;
  onOpenChange: (open: boolean) => void;
  /** The evidence is in: the dialog is done and its thread can be shown. */
  onSubmitted: () => void;
}

/** Evidence that a failed check is met after all: a note, screenshots, a document or configuration data. */
export function SubmitEvidenceDialog({ auditId, check, onOpenChange, onSubmitted }: SubmitEvidenceDialogProps) {
  return (
    <Dialog open={check !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Submit Evidence</DialogTitle>
          <DialogDescription>
            {check === null
              ? ''
              : `Show that "${check.checkName}" is met. Rampart staff review your evidence and reply in the check's discussion.`}
          </DialogDescription>
        </DialogHeader>
        {check !== null && <EvidenceForm key={check.id} auditId={auditId} check={check} onDone={onSubmitted} />}
      </DialogContent>
    </Dialog>
  );
}
