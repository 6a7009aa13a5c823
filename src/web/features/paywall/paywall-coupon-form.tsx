import { Ticket } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { COUPON_CODE_EXAMPLE, COUPON_CODE_MAX_LENGTH, normalizeCouponCode } from '../../../shared/coupon-code-rules';
import { useRedeemPaywallCoupon } from '../../api/coupons/redeem-paywall-coupon';
import { useServers } from '../../api/servers/servers';
import { ServerSelect } from '../../components/server-select';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { COUPON_FAILED_TITLE, COUPON_REDEEMED_TITLE, couponFailureMessage } from './coupon-failure-message';

/** The spec's pause on the success toast before the dashboard (part 2 §4). */
const COUPON_REDIRECT_DELAY_MS = 1500;

/** The paywall's coupon form: code trimmed and upper-cased, a server, then the dashboard after 1.5 s. */
export function PaywallCouponForm() {
  const [code, setCode] = useState('');
  const [serverId, setServerId] = useState('');
  const [redirecting, setRedirecting] = useState(false);
  const [, navigate] = useLocation();
  const servers = useServers({ enabled: true });
  const redeem = useRedeemPaywallCoupon();
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const ids = { code: useId(), server: useId() };
  const couponCode = normalizeCouponCode(code);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (couponCode === '' || serverId === '') return;
    redeem.mutate(
      { couponCode, serverId },
      {
        onSuccess: () => {
          toast({
            title: COUPON_REDEEMED_TITLE,
            description: 'Your free audit has been activated. The audit will start automatically.',
            variant: 'success',
          });
          setRedirecting(true);
          redirectTimer.current = setTimeout(() => navigate('/dashboard'), COUPON_REDIRECT_DELAY_MS);
        },
        onError: (error) =>
          toast({ title: COUPON_FAILED_TITLE, description: couponFailureMessage(error), variant: 'destructive' }),
      },
    );
  };

  const busy = redeem.isPending || redirecting;
  return (
    <form onSubmit={submit} className="grid gap-4" aria-busy={busy}>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.code}>Coupon code</Label>
        <Input
          id={ids.code}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder={COUPON_CODE_EXAMPLE}
          maxLength={COUPON_CODE_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          className="font-mono uppercase"
          required
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.server}>Server</Label>
        <ServerSelect
          id={ids.server}
          servers={servers.data}
          isLoading={servers.isLoading}
          value={serverId}
          onValueChange={setServerId}
        />
        {servers.isError && <p className="text-sm text-destructive">Could not load your servers. Please refresh.</p>}
      </div>
      <Button type="submit" disabled={couponCode === '' || serverId === '' || busy}>
        {busy ? <Spinner className="size-4 text-current" /> : <Ticket aria-hidden="true" />}
        {redeem.isPending ? 'Redeeming…' : 'Redeem Coupon'}
      </Button>
    </form>
  );
}
