import type { Certificate } from '../../../shared/contracts/certificates';
import { useDecideCertificate } from '../../api/certificates/certificates';
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
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { failureMessage } from '../../lib/api-errors';

/** Asks before revoking an issued certificate, which cannot be undone. `certificate` null means closed. */
export function RevokeCertificateDialog(props: { certificate: Certificate | null; onClose: () => void }) {
  const revoke = useDecideCertificate({
    onSuccess: () => {
      toast({ title: 'Certificate Updated', description: 'The certificate has been revoked.', variant: 'success' });
      props.onClose();
    },
    onError: (error) => toast({ title: 'Revoke Failed', description: failureMessage(error), variant: 'destructive' }),
  });

  return (
    <Dialog open={props.certificate !== null} onOpenChange={(open) => !open && !revoke.isPending && props.onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Revoke this certificate?</DialogTitle>
          <DialogDescription>
            The certificate of {props.certificate?.serverName} stops certifying the server at once: its public page and
            badge will say it is revoked. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={revoke.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={revoke.isPending || props.certificate === null}
            onClick={() => props.certificate !== null && revoke.mutate({ id: props.certificate.id, status: 'revoked' })}
          >
            {revoke.isPending && <Spinner className="size-4 text-current" />}
            Revoke Certificate
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
