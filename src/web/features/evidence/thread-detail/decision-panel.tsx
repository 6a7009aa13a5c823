import { CircleCheck, CircleX, Gavel } from 'lucide-react';
import { useId, useState } from 'react';
import type { EvidenceThread } from '../../../../shared/contracts/evidence';
import type { EvidenceDecision } from '../../../../shared/evidence-rules';
import { useDecideThread } from '../../../api/evidence/review-mutations';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { failureDescription } from '../evidence-errors';
import { decisionBody } from '../review/review-decision';

/** Staff's decision on a thread's evidence: approve (the check is waived) or reject (it stays failed). */
export function DecisionPanel({ thread }: { thread: EvidenceThread }) {
  const [notes, setNotes] = useState('');
  const [waiveReason, setWaiveReason] = useState('');
  const [pendingDecision, setPendingDecision] = useState<EvidenceDecision | null>(null);
  const decide = useDecideThread(thread.id, {
    onSuccess: (answer) => {
      setNotes('');
      setWaiveReason('');
      toast({ title: answer.message });
    },
    onError: (error) =>
      toast({
        title: 'Decision Failed',
        description: failureDescription(error, 'Failed to process evidence decision. Please try again.'),
        variant: 'destructive',
      }),
  });
  const notesId = useId();
  const reasonId = useId();
  const reasonHintId = useId();
  const resolved = thread.status === 'RESOLVED';

  const send = (decision: EvidenceDecision) => {
    // An approval with a reason typed is a waiver with that reason; without one the server words it.
    const action = decision === 'REJECTED' ? 'reject' : waiveReason.trim() === '' ? 'approve' : 'waive';
    setPendingDecision(decision);
    decide.mutate(decisionBody(action, { notes, waiveReason }), { onSettled: () => setPendingDecision(null) });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gavel className="size-5 text-primary" aria-hidden="true" />
          Decision
        </CardTitle>
        <CardDescription>
          {resolved
            ? 'This thread is resolved; its decision is in the messages.'
            : 'Approving waives the check and updates the risk score; rejecting leaves it failed.'}
        </CardDescription>
      </CardHeader>
      {!resolved && (
        <CardContent className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={notesId}>Admin notes</Label>
            <Textarea
              id={notesId}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              rows={4}
              disabled={decide.isPending}
              placeholder="Posted to the thread with your decision"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={reasonId}>Waive reason</Label>
            <Textarea
              id={reasonId}
              value={waiveReason}
              onChange={(event) => setWaiveReason(event.target.value)}
              rows={2}
              disabled={decide.isPending}
              aria-describedby={reasonHintId}
            />
            <p id={reasonHintId} className="text-xs text-muted-foreground">
              Shown on the waived check when you approve.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => send('APPROVED')} disabled={decide.isPending}>
              {pendingDecision === 'APPROVED' ? <Spinner /> : <CircleCheck aria-hidden="true" />}
              Approve
            </Button>
            <Button variant="destructive" onClick={() => send('REJECTED')} disabled={decide.isPending}>
              {pendingDecision === 'REJECTED' ? <Spinner /> : <CircleX aria-hidden="true" />}
              Reject
            </Button>
          </div>
        </CardContent>
      )}
    </Card>
  );
}
