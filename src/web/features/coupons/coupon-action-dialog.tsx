import type { Coupon } from '../../../shared/contracts/coupons';
import { useCouponAction } from '../../api/coupons/admin-coupons';
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

export type CouponAction = 'revoke' | 'delete';

const TEXT = {
  revoke: {
    title: 'Revoke this coupon?',
    consequence: 'It can no longer be redeemed. Redemptions already made keep their audits.',
    confirm: 'Revoke Coupon',
    done: 'Coupon Revoked',
    failed: 'Revoke Failed',
  },
  delete: {
    title: 'Delete this coupon?',
    consequence: 'It disappears from this list and can no longer be redeemed. Past redemptions stay on record.',
    confirm: 'Delete Coupon',
    done: 'Coupon Deleted',
    failed: 'Delete Failed',
  },
} as const;

/** Asks before revoking or deleting a coupon: neither can be undone. `coupon` null means closed. */
export function CouponActionDialog(props: { action: CouponAction; coupon: Coupon | null; onClose: () => void }) {
  const text = TEXT[props.action];
  const mutation = useCouponAction(props.action, {
    onSuccess: () => {
      toast({ title: text.done, variant: 'success' });
      props.onClose();
    },
    onError: (error) => toast({ title: text.failed, description: failureMessage(error), variant: 'destructive' }),
  });

  return (
    <Dialog open={props.coupon !== null} onOpenChange={(open) => !open && !mutation.isPending && props.onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>
            Coupon <span className="font-mono">{props.coupon?.code}</span>
            {props.coupon?.description ? ` (${props.coupon.description})` : ''}. {text.consequence} This cannot be
            undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={mutation.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={mutation.isPending || props.coupon === null}
            onClick={() => props.coupon !== null && mutation.mutate(props.coupon.id)}
          >
            {mutation.isPending && <Spinner className="size-4 text-current" />}
            {text.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
