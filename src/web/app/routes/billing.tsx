import { CryptoSubscriptionsCard } from '../../features/billing/crypto-subscriptions-card';
import { PaymentHistoryCard } from '../../features/billing/payment-history-card';
import { PurchaseOptionsCard } from '../../features/billing/purchase-options-card';
import { ServerAuditStatusCard } from '../../features/billing/server-audit-status-card';

/** /billing: each server's audit quota, the plans on sale, crypto subscriptions and every payment. */
export default function BillingPage() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Billing and Payments</h1>
        <p className="text-sm text-muted-foreground">Your audit plans, subscriptions and payment history.</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <ServerAuditStatusCard />
        <PurchaseOptionsCard />
      </div>
      <CryptoSubscriptionsCard />
      <PaymentHistoryCard />
    </div>
  );
}
