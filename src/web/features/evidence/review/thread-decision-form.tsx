import { CircleCheck, CircleX, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useDecideThread } from '../../../api/evidence/review-mutations';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { canSendDecision, decisionBody, type DecisionAction } from './review-decision';
import { failureDescription } from '../evidence-errors';

/**
 * Staff decide a thread's evidence. Approving grants a waiver; the override switch offers waiving the
 * check with a stated reason instead; rejecting leaves the check failed. The notes become the staff message.
 */
export function ThreadDecisionForm({ threadId }: { threadId: string }) {
  const id = useId();
  const [notes, setNotes] = useState('');
  const [override, setOverride] = useState(false);
  const [waiveReason, setWaiveReason] = useState('');
  const decide = useDecideThread(threadId, {
    // 'Evidence approved' or 'Evidence rejected', as the server words it.
    onSuccess: (answer) => toast({ title: answer.message }),
    onError: (error) =>
      toast({
        title: 'Decision Failed',
        description: failureDescription(error, 'Failed to process evidence decision. Please try again.'),
        variant: 'destructive',
      }),
  });
  const text = { notes, waiveReason };

  const send = (action: DecisionAction) => {
    if (decide.isPending || !canSendDecision(action, text)) return;
    decide.mutate(decisionBody(action, text));
  };

  return (
    <fieldset className="grid gap-3 rounded-lg border border-dashed p-3" disabled={decide.isPending}>
      <legend className="px-1 text-sm font-medium">Decision</legend>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-notes`}>Admin Notes</Label>
        <Textarea
          id={`${id}-notes`}
          aria-describedby={`${id}-notes-hint`}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          rows={2}
        />
        <p id={`${id}-notes-hint`} className="text-xs text-muted-foreground">
          Posted to the thread with your decision.
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Switch id={`${id}-override`} checked={override} onCheckedChange={setOverride} />
        <Label htmlFor={`${id}-override`}>Override check status (waive with a reason)</Label>
      </div>
      {override && (
        <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-waive`}>Waive Reason</Label>
            <Input id={`${id}-waive`} value={waiveReason} onChange={(event) => setWaiveReason(event.target.value)} />
          </div>
          <Button variant="secondary" onClick={() => send('waive')} disabled={!canSendDecision('waive', text)}>
            <ShieldCheck aria-hidden="true" />
            Waive Check
          </Button>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => send('approve')}>
          <CircleCheck aria-hidden="true" />
          Approve
        </Button>
        <Button variant="destructive" onClick={() => send('reject')}>
          <CircleX aria-hidden="true" />
          Reject
        </Button>
      </div>
    </fieldset>
  );
}
