import { Send } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import type { Notification } from '../../../shared/contracts/notifications';
import { useRespondToNotification } from '../../api/notifications/notification-mutations';
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
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';

const EMPTY_RESPONSE = 'Please enter a response message';

interface RespondDialogProps {
  /** The notification being answered; null while the dialog is closed. */
  notification: Notification | null;
  onClose: () => void;
}

/** Answers a staff reply or a review; the answer becomes the owner's message in that evidence thread. */
export function RespondDialog({ notification, onClose }: RespondDialogProps) {
  const [message, setMessage] = useState('');
  // Shown in the dialog too: while it is open, the rest of the page (the toast area) is hidden from screen readers.
  const [emptyError, setEmptyError] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const respond = useRespondToNotification();

  const close = (): void => {
    setMessage('');
    setEmptyError(false);
    respond.reset();
    onClose();
  };

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (notification === null) return;
    const text = message.trim();
    if (text === '') {
      toast({ title: 'Error', description: EMPTY_RESPONSE, variant: 'destructive' });
      setEmptyError(true);
      field.current?.focus();
      return;
    }
    respond.mutate(
      { notificationId: notification.id, message: text },
      {
        onSuccess: () => {
          toast({ title: 'Response Sent' });
          close();
        },
        onError: () => toast({ title: 'Error', description: 'Failed to send response', variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={notification !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Respond to Notification</DialogTitle>
            <DialogDescription>{notification?.title}</DialogDescription>
          </DialogHeader>
          {notification !== null && (
            <p className="rounded-md border bg-muted/40 p-3 text-sm break-words whitespace-pre-line">
              {notification.message}
            </p>
          )}
          <div className="grid gap-2">
            <Label htmlFor="notification-response">Your response</Label>
            <Textarea
              ref={field}
              id="notification-response"
              value={message}
              onChange={(event) => {
                setMessage(event.target.value);
                setEmptyError(false);
              }}
              aria-invalid={emptyError}
              aria-describedby={emptyError ? 'notification-response-error' : undefined}
              rows={5}
              placeholder="Type your response..."
            />
            {emptyError && (
              <p id="notification-response-error" role="alert" className="text-sm text-destructive">
                {EMPTY_RESPONSE}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={respond.isPending}>
              <Send aria-hidden="true" />
              {respond.isPending ? 'Sending...' : 'Send Response'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
