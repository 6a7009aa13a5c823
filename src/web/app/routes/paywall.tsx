import { KeyRound, Ticket } from 'lucide-react';
import { useState } from 'react';
import type { Server } from '../../../shared/contracts/servers';
import { Brand } from '../../components/brand';
import { ThemeToggle } from '../../components/theme-toggle';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { BypassForm } from '../../features/bypass/bypass-form';
import { CryptoSubscriptionDialog } from '../../features/crypto/crypto-subscription-dialog';
import { CheckoutDialog } from '../../features/paywall/checkout-dialog';
import { PaywallCouponForm } from '../../features/paywall/paywall-coupon-form';
import { PlanCards, type PaywallPlan } from '../../features/paywall/plan-cards';
import { SignOutButton } from '../shell/sign-out-button';

/** /paywall: outside the shell. Two plans to buy by card or crypto, or a coupon or bypass code instead. */
export default function PaywallPage() {
  const [plan, setPlan] = useState<PaywallPlan | null>(null);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [cryptoServer, setCryptoServer] = useState<Server | null>(null);

  const choosePlan = (chosen: PaywallPlan) => {
    setPlan(chosen);
    setCheckoutOpen(true);
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-16 items-center justify-between gap-2 border-b px-4 sm:px-6">
        <Brand />
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <SignOutButton />
        </div>
      </header>
      <main id="main-content" className="mx-auto grid w-full max-w-5xl flex-1 gap-10 px-4 py-12">
        <section aria-labelledby="paywall-title" className="grid gap-6">
          <div className="grid gap-2 text-center">
            <h1 id="paywall-title" className="text-3xl font-bold tracking-tight">
              Choose Your Audit Plan
            </h1>
            <p className="text-muted-foreground">
              One payment per server, by card or crypto. Your audits are ready the moment the payment is confirmed.
            </p>
          </div>
          <h2 className="sr-only">Plans</h2>
          <PlanCards onChoose={choosePlan} />
        </section>
        <section aria-labelledby="codes-title" className="grid gap-4">
          <h2 id="codes-title" className="text-xl font-semibold tracking-tight">
            Have a code instead?
          </h2>
          <div className="grid gap-6 md:grid-cols-2">
            <Card role="region" aria-labelledby="paywall-coupon-title">
              <CardHeader>
                <CardTitle id="paywall-coupon-title" level={3} className="flex items-center gap-2 text-base">
                  <Ticket className="size-4 text-primary" aria-hidden="true" />
                  Redeem a coupon
                </CardTitle>
                <CardDescription>A coupon unlocks a free audit for one of your servers.</CardDescription>
              </CardHeader>
              <CardContent>
                <PaywallCouponForm />
              </CardContent>
            </Card>
            <Card role="region" aria-labelledby="paywall-bypass-title">
              <CardHeader>
                <CardTitle id="paywall-bypass-title" level={3} className="flex items-center gap-2 text-base">
                  <KeyRound className="size-4 text-primary" aria-hidden="true" />
                  Bypass code
                </CardTitle>
                <CardDescription>Staff may give you a bypass code that unlocks access to one server.</CardDescription>
              </CardHeader>
              <CardContent>
                <BypassForm />
              </CardContent>
            </Card>
          </div>
        </section>
      </main>
      <CheckoutDialog
        plan={plan}
        open={checkoutOpen}
        onOpenChange={setCheckoutOpen}
        onMonthlyCrypto={setCryptoServer}
      />
      <CryptoSubscriptionDialog
        open={cryptoServer !== null}
        onOpenChange={(open) => {
          if (!open) setCryptoServer(null);
        }}
        server={cryptoServer}
      />
    </div>
  );
}
