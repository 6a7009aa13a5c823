import { useId, useState } from 'react';
import type { Certificate } from '../../../shared/contracts/certificates';
import { useRejectCertificate } from '../../api/certificates/certificates';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
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

/** Asks for the reason a pending certificate is rejected; the owner is told it. `certificate` null means closed. */
export function RejectCertificateDialog(props: { certificate: Certificate | null; onClose: () => void }) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    props.onClose();
  };
  const reject = useRejectCertificate({
    onSuccess: () => {
      toast({ title: 'Certificate Rejected', description: 'The owner has been told why.', variant: 'success' });
      close();
    },
    onError: (error) =>
      toast({ title: 'Rejection Failed', description: failureMessage(error), variant: 'destructive' }),
  });
  const trimmed = reason.trim();

  return (
    <Dialog open={props.certificate !== null} onOpenChange={(open) => !open && !reject.isPending && close()}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (props.certificate !== null && trimmed !== '')
              reject.mutate({ id: props.certificate.id, reason: trimmed });
          }}
        >
          <DialogHeader>
            <DialogTitle>Reject this certificate?</DialogTitle>
            <DialogDescription>
              The certificate of {props.certificate?.serverName} will not be issued. Its owner is notified with your
              reason.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={reasonId}>Reason</Label>
            <Textarea
              id={reasonId}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              maxLength={2000}
              placeholder="What the owner needs to fix before a new certificate can be approved"
            />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={reject.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={reject.isPending || trimmed === ''}>
              {reject.isPending && <Spinner className="size-4 text-current" />}
              Reject Certificate
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
