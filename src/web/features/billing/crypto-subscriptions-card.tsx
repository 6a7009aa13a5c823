import { Coins } from 'lucide-react';
import type { CryptoSubscription } from '../../../shared/contracts/crypto-subscriptions';
import { useCryptoSubscriptions } from '../../api/payments/billing-queries';
import { LoadError } from '../../components/load-error';
import { LoadingStatus } from '../../components/loading-status';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDate } from '../../lib/format-date';
import { cn } from '../../lib/utils';
import {
  CURRENCY_LABELS,
  formatUsd,
  monthlyCryptoAmount,
  nextPaymentText,
  subscriptionBadge,
  type SubscriptionBadge,
} from './billing-display';

const BADGE_STYLES: Record<SubscriptionBadge, string> = {
  Active: 'border-success/30 bg-success/15 text-success',
  Cancelled: 'border-destructive/40 bg-destructive/15 text-destructive',
  'Awaiting Payment': 'border-warning/40 bg-warning/15 text-warning',
};

function SubscriptionItem({ subscription }: { subscription: CryptoSubscription }) {
  const badge = subscriptionBadge(subscription);
  return (
    <li className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">Monitoring for {subscription.serverName ?? 'an unknown server'}</h3>
        <Badge variant="outline" className={cn(BADGE_STYLES[badge])}>
          {badge}
        </Badge>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Amount</dt>
          <dd>
            <span className="font-semibold tabular-nums">{monthlyCryptoAmount(subscription)}</span> a month (
            {formatUsd(Math.round(subscription.usdAmount * 100))})
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Currency</dt>
          <dd>{CURRENCY_LABELS[subscription.currency]}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Next payment due</dt>
          <dd>{nextPaymentText(subscription, formatDate)}</dd>
        </div>
      </dl>
    </li>
  );
}

/** The monthly crypto subscriptions, if the user has any; nothing at all otherwise (spec part 2 §2). */
export function CryptoSubscriptionsCard() {
  const subscriptions = useCryptoSubscriptions();
  if (subscriptions.isSuccess && subscriptions.data.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="billing-crypto-title" className="min-w-0">
      <CardHeader>
        <CardTitle id="billing-crypto-title" className="flex items-center gap-2">
          <Coins className="size-5 text-primary" aria-hidden="true" />
          Crypto Subscriptions
        </CardTitle>
        <CardDescription>Monthly monitoring paid in SOL, ETH or USDC.</CardDescription>
      </CardHeader>
      <CardContent>
        {subscriptions.isPending ? (
          <LoadingStatus label="Loading your crypto subscriptions..." className="py-0" />
        ) : subscriptions.isError ? (
          <LoadError
            title="Your crypto subscriptions could not be loaded."
            onRetry={() => void subscriptions.refetch()}
          />
        ) : (
          <ul className="grid gap-3" aria-label="Crypto subscriptions">
            {subscriptions.data.map((subscription) => (
              <SubscriptionItem key={subscription.id} subscription={subscription} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
