import {
  ORDER_PRODUCT_LABELS,
  paymentDisplayStatus,
  type CryptoCurrency,
  type PaymentDisplayStatus,
  type PaymentProvider,
} from '../../../shared/commerce-rules';
import { isAuditActive } from '../../../shared/contracts/audit-status';
import type { Audit, AuditUsage } from '../../../shared/contracts/audits';
import type { CryptoSubscription } from '../../../shared/contracts/crypto-subscriptions';
import type { Payment } from '../../../shared/contracts/payments';

// The spec writes prices as "$350" and "$1000": whole dollars without cents or grouping.
const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  useGrouping: false,
});
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', useGrouping: false });

/** An amount in integer cents as US dollars: "$350", or "$12.50" when there are cents. */
export function formatUsd(cents: number): string {
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : dollarsAndCents.format(cents / 100);
}

export const PAYMENT_STATUS_LABELS: Record<PaymentDisplayStatus, string> = {
  completed: 'Completed',
  pending: 'Pending',
  failed: 'Failed',
};

export const PROVIDER_LABELS: Record<PaymentProvider, string> = {
  stripe: 'Card (Stripe)',
  nowpayments: 'Crypto (NOWPayments)',
  crypto: 'Crypto (on-chain)',
};

/** One row of the payment history, as the table shows it. */
export interface PaymentRow {
  id: string;
  createdAt: string;
  server: string;
  what: string;
  provider: string;
  amount: string;
  /** The crypto amount asked for ('0.331 SOL'), shown under the dollars; null for card. */
  cryptoAmount: string | null;
  status: PaymentDisplayStatus;
  /** Only a completed payment has a receipt. */
  hasReceipt: boolean;
}

export function paymentRow(payment: Payment): PaymentRow {
  const status = paymentDisplayStatus(payment.status);
  return {
    id: payment.id,
    createdAt: payment.createdAt,
    // A payment outlives a server Rampart no longer sees; the row still says what was bought.
    server: payment.serverName ?? 'Unknown server',
    what: ORDER_PRODUCT_LABELS[payment.type],
    provider: PROVIDER_LABELS[payment.provider],
    amount: formatUsd(payment.amountCents),
    cryptoAmount: payment.cryptoAmount,
    status,
    hasReceipt: status === 'completed',
  };
}

export type SubscriptionBadge = 'Active' | 'Cancelled' | 'Awaiting Payment';

/**
 * Active or Cancelled from `isActive` (spec part 2 §4); a subscription whose first payment has not been
 * verified yet was never active, so it says so rather than "Cancelled".
 */
export function subscriptionBadge(subscription: Pick<CryptoSubscription, 'status' | 'isActive'>): SubscriptionBadge {
  if (subscription.status === 'awaiting_payment') return 'Awaiting Payment';
  return subscription.isActive ? 'Active' : 'Cancelled';
}

const ASSET_OF_CURRENCY: Record<CryptoCurrency, string> = {
  SOL: 'SOL',
  ETH: 'ETH',
  'USDC-SPL': 'USDC',
  'USDC-ERC20': 'USDC',
};

export const CURRENCY_LABELS: Record<CryptoCurrency, string> = {
  SOL: 'Solana (SOL)',
  ETH: 'Ethereum (ETH)',
  'USDC-SPL': 'USDC on Solana',
  'USDC-ERC20': 'USDC on Ethereum',
};

/** "0.331 SOL": the amount of one month with the asset's symbol. */
export function monthlyCryptoAmount(subscription: Pick<CryptoSubscription, 'monthlyAmount' | 'currency'>): string {
  return `${subscription.monthlyAmount} ${ASSET_OF_CURRENCY[subscription.currency]}`;
}

/** When the next payment falls due, or why there is no date. */
export function nextPaymentText(
  subscription: Pick<CryptoSubscription, 'status' | 'isActive' | 'nextPaymentDue'>,
  formatDate: (iso: string) => string,
): string {
  if (subscription.status === 'awaiting_payment') return 'Due now: the first payment starts the subscription';
  if (!subscription.isActive) return 'No further payments';
  return subscription.nextPaymentDue === null ? 'Not scheduled' : formatDate(subscription.nextPaymentDue);
}

export type UsageTone = 'available' | 'used-up' | 'no-plan' | 'unmetered';

export interface ServerUsageStatus {
  tone: UsageTone;
  headline: string;
  detail: string;
}

const auditCount = (count: number) => (count === 1 ? '1 audit' : `${count} audits`);

/** What the billing page says about one server's audit quota. */
export function serverUsageStatus(usage: AuditUsage): ServerUsageStatus {
  if (usage.isAdmin) {
    return { tone: 'unmetered', headline: 'Unlimited audits', detail: 'Staff audits are not metered.' };
  }
  if (usage.auditLimit === 0) {
    return {
      tone: 'no-plan',
      headline: 'No plan yet',
      detail: 'Buy a plan or redeem a coupon to audit this server.',
    };
  }
  const used = `${auditCount(usage.auditsUsed)} of ${usage.auditLimit} used.`;
  if (usage.canAudit) return { tone: 'available', headline: `${auditCount(usage.remaining)} remaining`, detail: used };
  return { tone: 'used-up', headline: 'All audits used', detail: used };
}

export type LastAuditSummary =
  { kind: 'running' } | { kind: 'never' } | { kind: 'completed'; completedAt: string; riskScore: number | null };

/** The server's latest audit as the billing page sums it up, from its audits newest first (as the server sends them). */
export function lastAuditSummary(
  audits: readonly Pick<Audit, 'status' | 'createdAt' | 'completedAt' | 'riskScore'>[],
): LastAuditSummary {
  if (audits.some((audit) => isAuditActive(audit.status))) return { kind: 'running' };
  const completed = audits.find((audit) => audit.status === 'completed');
  if (completed === undefined) return { kind: 'never' };
  return {
    kind: 'completed',
    completedAt: completed.completedAt ?? completed.createdAt,
    riskScore: completed.riskScore,
  };
}
