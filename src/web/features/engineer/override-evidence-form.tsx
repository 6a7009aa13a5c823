import { Save } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { StoredCheckResult } from '../../../shared/contracts/audits';
import { useSubmitCheckEvidence } from '../../api/engineer/engineer';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { failureMessage } from '../../lib/api-errors';

/** Adds or replaces the evidence behind an override (POST /api/checks/{checkId}/evidence). */
export function OverrideEvidenceForm({ auditId, check }: { auditId: string; check: StoredCheckResult }) {
  const id = useId();
  const [evidence, setEvidence] = useState(check.overrideEvidence ?? '');
  const hadEvidence = check.overrideEvidence !== null;
  const submit = useSubmitCheckEvidence({
    onSuccess: () => toast({ title: hadEvidence ? 'Evidence Updated' : 'Evidence Added', variant: 'success' }),
    onError: (error) =>
      toast({ title: 'Submission Failed', description: failureMessage(error), variant: 'destructive' }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (evidence.trim() === '') return;
    submit.mutate({ auditId, checkResultId: check.id, evidence: evidence.trim() });
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-2">
      <Label htmlFor={`${id}-evidence`}>Override evidence</Label>
      <Textarea
        id={`${id}-evidence`}
        rows={3}
        maxLength={10_000}
        value={evidence}
        onChange={(event) => setEvidence(event.target.value)}
        placeholder="What backs this override: who checked what, where, and when"
      />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        className="w-fit"
        disabled={evidence.trim() === '' || submit.isPending}
      >
        {submit.isPending ? <Spinner className="size-4" /> : <Save aria-hidden="true" />}
        {hadEvidence ? 'Update Evidence' : 'Add Evidence'}
        <span className="sr-only"> for {check.checkName}</span>
      </Button>
    </form>
  );
}
