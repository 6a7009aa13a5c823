import { ShoppingCart } from 'lucide-react';
import { EXTRA_AUDIT_PRICE_CENTS, formatUsd } from '../../../shared/plans';
import { Button, type ButtonProps } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useCardCheckout } from './use-card-checkout';

const BUY_MORE_AUDITS_LABEL = `Buy More Audits (${formatUsd(EXTRA_AUDIT_PRICE_CENTS)})`;

type BuyExtraAuditButtonProps = { serverId: string } & Pick<ButtonProps, 'variant' | 'size'>;

/** 'Buy More Audits ($50)': one extra audit of this server, paid by card on Stripe's checkout page. */
export function BuyExtraAuditButton({ serverId, variant, size }: BuyExtraAuditButtonProps) {
  const checkout = useCardCheckout();
  return (
    <Button
      variant={variant}
      size={size}
      onClick={() => checkout.start({ plan: 'EXTRA_AUDIT', serverId })}
      disabled={checkout.busy}
      aria-busy={checkout.busy}
    >
      {checkout.busy ? <Spinner className="size-4 text-current" /> : <ShoppingCart aria-hidden="true" />}
      {checkout.busy ? 'Opening secure checkout…' : BUY_MORE_AUDITS_LABEL}
    </Button>
  );
}
