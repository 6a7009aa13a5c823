import { Check } from 'lucide-react';
import type { CheckoutPlan } from '../../../shared/commerce-rules';
import { formatUsd, PLANS } from '../../../shared/plans';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';

export type PaywallPlan = Exclude<CheckoutPlan, 'EXTRA_AUDIT'>;

/** The paywall sells two plans; the checkout names Full Service 'FULL'. */
const PAYWALL_PLANS: readonly {
  plan: PaywallPlan;
  details: (typeof PLANS)[keyof typeof PLANS];
  highlight: boolean;
}[] = [
  { plan: 'DIY', details: PLANS.DIY, highlight: false },
  { plan: 'FULL', details: PLANS.FULL_SERVICE, highlight: true },
];

export function planDetails(plan: PaywallPlan) {
  return plan === 'DIY' ? PLANS.DIY : PLANS.FULL_SERVICE;
}

/** DIY ($350) and FULL ($1000); choosing one opens the checkout. */
export function PlanCards({ onChoose }: { onChoose: (plan: PaywallPlan) => void }) {
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2" aria-label="Audit plans">
      {PAYWALL_PLANS.map(({ plan, details, highlight }) => (
        <li key={plan}>
          <article
            aria-labelledby={`paywall-plan-${plan}`}
            className={cn(
              'relative flex h-full flex-col rounded-xl border p-6 shadow-sm',
              highlight ? 'border-primary/60 bg-primary/5' : 'bg-card',
            )}
          >
            {highlight && <Badge className="absolute -top-2.5 right-4">Done for you</Badge>}
            <h3 id={`paywall-plan-${plan}`} className="text-lg font-semibold">
              {details.name}
            </h3>
            <p className="mt-2 flex items-baseline gap-1">
              <span className="text-4xl font-bold tracking-tight">{formatUsd(details.priceCents)}</span>
              <span className="text-sm text-muted-foreground">per server, one payment</span>
            </p>
            <p className="mt-2 text-sm text-muted-foreground">{details.summary}</p>
            <ul className="mt-4 grid flex-1 gap-2 text-sm">
              {details.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
            <Button
              className="mt-6"
              size="lg"
              variant={highlight ? 'default' : 'outline'}
              onClick={() => onChoose(plan)}
              aria-label={`Choose ${details.name} (${formatUsd(details.priceCents)})`}
            >
              Choose {details.name}
            </Button>
          </article>
        </li>
      ))}
    </ul>
  );
}
