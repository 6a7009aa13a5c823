import { Copy, KeyRound, X } from 'lucide-react';
import type { CreatedCoupon } from '../../api/coupons/admin-coupons';
import { Alert, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';

async function copy(code: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(code);
    toast({ title: 'Copied', description: 'The coupon code is on your clipboard.', variant: 'success' });
  } catch {
    toast({ title: 'Copy Failed', description: 'Select the code and copy it by hand.', variant: 'destructive' });
  }
}

/** The full code of the coupon just created: the server never answers it again, so it is shown once, here. */
export function CreatedCodeNotice({ coupon, onDismiss }: { coupon: CreatedCoupon; onDismiss: () => void }) {
  return (
    <Alert aria-live="polite">
      <KeyRound aria-hidden="true" />
      <AlertTitle>New coupon code</AlertTitle>
      <div className="col-start-2 text-muted-foreground">
        <p>Copy it now: once this notice is closed only its last 4 characters are ever shown.</p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <code
            className="rounded-md border bg-muted px-3 py-1.5 font-mono text-base font-semibold text-foreground select-all"
            aria-label="Full coupon code"
          >
            {coupon.fullCode}
          </code>
          <Button type="button" size="sm" variant="outline" onClick={() => void copy(coupon.fullCode)}>
            <Copy aria-hidden="true" />
            Copy
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onDismiss}>
            <X aria-hidden="true" />
            Done
          </Button>
        </div>
      </div>
    </Alert>
  );
}
