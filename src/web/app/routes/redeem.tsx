import { LogIn } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { normalizeCouponCode } from '../../../shared/coupon-code-rules';
import { useRedeemCoupon } from '../../api/coupons/redeem-coupon';
import { PublicPageLayout } from '../../components/public-page-layout';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { InviteBotButton } from '../../features/audits/invite-bot-button';
import { RedeemForm } from '../../features/redeem/redeem-form';
import { RedeemSuccess } from '../../features/redeem/redeem-success';
import { redemptionErrorMessage } from '../../features/redeem/redemption-error-message';
import type { PublicPageProps } from './page-props';

function AuthenticationRequired() {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <h1 className="text-2xl font-bold tracking-tight">Authentication Required</h1>
        <CardDescription>Please log in to redeem your coupon code</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Button asChild>
          <Link href="/">
            <LogIn aria-hidden="true" />
            Go to Login
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function RedeemFlow() {
  const initialCode = normalizeCouponCode(new URLSearchParams(useSearch()).get('coupon') ?? '');
  const redeem = useRedeemCoupon();

  if (redeem.isSuccess) return <RedeemSuccess result={redeem.data} />;
  return (
    <RedeemForm
      initialCode={initialCode}
      isPending={redeem.isPending}
      inviteBot={(guildDiscordId) => <InviteBotButton guildDiscordId={guildDiscordId} label="Invite Bot" size="sm" />}
      onSubmit={(values) =>
        redeem.mutate(values, {
          onSuccess: () =>
            toast({
              title: 'Coupon Redeemed Successfully!',
              description: 'Your free audit has been activated. The audit will start automatically.',
              variant: 'success',
            }),
          onError: (error) =>
            toast({ title: 'Redemption Failed', description: redemptionErrorMessage(error), variant: 'destructive' }),
        })
      }
    />
  );
}

/** /redeem: public, outside the app shell. */
export default function RedeemPage({ user }: PublicPageProps) {
  return <PublicPageLayout>{user === null ? <AuthenticationRequired /> : <RedeemFlow />}</PublicPageLayout>;
}
