import type { AdminEntitlement, EngagementStatus } from '../../../shared/contracts/admin-commerce';

/** Revenue: the sum of amountUsd over paid entitlements (grants such as coupons count for nothing). */
export function revenueUsd(entitlements: readonly Pick<AdminEntitlement, 'paid' | 'amountUsd'>[]): number {
  // Summed in cents so that 0.1 + 0.2 stays 0.30.
  const cents = entitlements.reduce(
    (sum, entitlement) => sum + (entitlement.paid ? Math.round(entitlement.amountUsd * 100) : 0),
    0,
  );
  return cents / 100;
}

/** Engagements still to work on: neither COMPLETED nor CANCELLED. */
export function activeEngagementCount(engagements: readonly { status: EngagementStatus }[]): number {
  return engagements.filter(({ status }) => status !== 'COMPLETED' && status !== 'CANCELLED').length;
}

/** The rounded percentage of COMPLETED over all engagements; null when there are none (shown as '—'). */
export function completionRatePercent(engagements: readonly { status: EngagementStatus }[]): number | null {
  if (engagements.length === 0) return null;
  const completed = engagements.filter(({ status }) => status === 'COMPLETED').length;
  return Math.round((completed / engagements.length) * 100);
}

export function formatDollars(amountUsd: number): string {
  return amountUsd.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}
