import { Ban, Ticket, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { type CouponDisplayStatus, couponDisplayStatus } from '../../../shared/commerce-rules';
import type { Coupon } from '../../../shared/contracts/coupons';
import { type CreatedCoupon, useCoupons } from '../../api/coupons/admin-coupons';
import { LoadingStatus } from '../../components/loading-status';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatDateTime } from '../../lib/format-date';
import { type CouponAction, CouponActionDialog } from './coupon-action-dialog';
import { CreateCouponForm } from './create-coupon-form';
import { CreatedCodeNotice } from './created-code-notice';

const STATUS_VARIANT: Record<CouponDisplayStatus, 'success' | 'secondary' | 'destructive' | 'outline'> = {
  Active: 'success',
  Exhausted: 'secondary',
  Expired: 'outline',
  Revoked: 'destructive',
};

interface Pending {
  action: CouponAction;
  coupon: Coupon;
}

function CouponRow({ coupon, now, onAction }: { coupon: Coupon; now: Date; onAction: (pending: Pending) => void }) {
  const status = couponDisplayStatus(coupon, now);
  return (
    <tr className="border-b last:border-0">
      <td className="py-2 pr-3 font-mono whitespace-nowrap">{coupon.code}</td>
      <td className="py-2 pr-3 break-words">
        {coupon.description ?? <span className="text-muted-foreground">–</span>}
      </td>
      <td className="py-2 pr-3 whitespace-nowrap tabular-nums">
        {coupon.uses}/{coupon.maxUses}
      </td>
      <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(coupon.createdAt)}</td>
      <td className="py-2 pr-3 whitespace-nowrap">
        {coupon.expiresAt === null ? 'Never' : formatDateTime(coupon.expiresAt)}
      </td>
      <td className="py-2 pr-3">
        <Badge variant={STATUS_VARIANT[status]}>{status}</Badge>
      </td>
      <td className="py-2">
        {status === 'Active' && (
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="outline"
              aria-label={`Revoke coupon ${coupon.code}`}
              onClick={() => onAction({ action: 'revoke', coupon })}
            >
              <Ban aria-hidden="true" />
              Revoke
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Delete coupon ${coupon.code}`}
              onClick={() => onAction({ action: 'delete', coupon })}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}

function CouponList({ onAction }: { onAction: (pending: Pending) => void }) {
  const coupons = useCoupons();
  if (coupons.isPending) return <LoadingStatus label="Loading coupons..." className="py-2" />;
  if (coupons.isError) {
    return <p className="text-sm text-destructive">The coupons could not be loaded. Please refresh the page.</p>;
  }
  if (coupons.data.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-6 text-center text-sm">
        <Ticket className="size-6 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No coupons yet</p>
        <p className="text-muted-foreground">Coupons you create appear here.</p>
      </div>
    );
  }
  const now = new Date();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Coupons, newest first</caption>
        <thead className="border-b text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Code
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Description
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Uses
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Created
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Expires
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Status
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {coupons.data.map((coupon) => (
            <CouponRow key={coupon.id} coupon={coupon} now={now} onAction={onAction} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The admin page's Coupons section: create (the full code shown once), list, revoke and delete. */
export function CouponsSection() {
  const id = useId();
  const [created, setCreated] = useState<CreatedCoupon | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  return (
    <div className="grid gap-6">
      <section className="grid gap-3" aria-labelledby={`${id}-create`}>
        <h3 id={`${id}-create`} className="font-semibold">
          New coupon
        </h3>
        {created !== null && <CreatedCodeNotice coupon={created} onDismiss={() => setCreated(null)} />}
        <CreateCouponForm onCreated={setCreated} />
      </section>
      <section className="grid gap-3" aria-labelledby={`${id}-list`}>
        <h3 id={`${id}-list`} className="font-semibold">
          All coupons
        </h3>
        <CouponList onAction={setPending} />
      </section>
      {(['revoke', 'delete'] as const).map((action) => (
        <CouponActionDialog
          key={action}
          action={action}
          coupon={pending?.action === action ? pending.coupon : null}
          onClose={() => setPending(null)}
        />
      ))}
    </div>
  );
}
