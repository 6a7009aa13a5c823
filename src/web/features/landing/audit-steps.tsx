import { Check, CircleCheck, LogIn } from 'lucide-react';
import type { CurrentUser } from '../../../shared/contracts/auth';
import { formatUsd, PLANS } from '../../../shared/plans';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { SIGN_IN_URL } from '../../api/auth/sign-in';
import { cn } from '../../lib/utils';

function StepNumber({ n }: { n: number }) {
  return (
    <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
      <span className="sr-only">Step </span>
      {n}
    </span>
  );
}

function SignInStep({ user }: { user: CurrentUser | null }) {
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-4">
        <StepNumber n={1} />
        <div className="grid gap-1.5">
          <CardTitle level={3}>Sign in with Discord</CardTitle>
          <CardDescription>
            We only read what the audit needs: your profile and the servers you manage. Nothing is changed on your
            server without you.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="md:pl-18">
        {user === null ? (
          <Button asChild size="lg">
            <a href={SIGN_IN_URL}>
              <LogIn aria-hidden="true" />
              Sign in with Discord
            </a>
          </Button>
        ) : (
          <p className="flex items-center gap-2 font-medium text-success">
            <CircleCheck className="size-5" aria-hidden="true" />
            Connected as {user.username}#{user.discriminator}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

const PLAN_CARDS = [
  { plan: PLANS.DIY, highlight: false },
  { plan: PLANS.FULL_SERVICE, highlight: true },
] as const;

function PlanStep() {
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-4">
        <StepNumber n={2} />
        <div className="grid gap-1.5">
          <CardTitle level={3}>Choose Your Audit Plan</CardTitle>
          <CardDescription>
            One-off payment per server, by card or crypto. Have a coupon? Redeem it below.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:pl-18">
        {PLAN_CARDS.map(({ plan, highlight }) => (
          <article
            key={plan.id}
            aria-labelledby={`plan-${plan.id}`}
            className={cn(
              'relative flex flex-col rounded-xl border p-5',
              highlight ? 'border-primary/60 bg-primary/5' : 'bg-background/40',
            )}
          >
            {highlight && <Badge className="absolute -top-2.5 right-4">Done for you</Badge>}
            <h4 id={`plan-${plan.id}`} className="font-semibold">
              {plan.name}
            </h4>
            <p className="mt-2 flex items-baseline gap-1">
              <span className="text-3xl font-bold tracking-tight">{formatUsd(plan.priceCents)}</span>
              <span className="text-sm text-muted-foreground">per server</span>
            </p>
            <p className="mt-2 text-sm text-muted-foreground">{plan.summary}</p>
            <ul className="mt-4 grid gap-2 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
          </article>
        ))}
      </CardContent>
    </Card>
  );
}

export function AuditSteps({ user }: { user: CurrentUser | null }) {
  return (
    <section aria-labelledby="steps-title" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <h2 id="steps-title" className="sr-only">
        Get started in two steps
      </h2>
      <div className="grid grid-cols-1 gap-6">
        <SignInStep user={user} />
        <PlanStep />
      </div>
    </section>
  );
}
