import { PRICE_LIST_CENTS } from './commerce-rules.js';

/** Plans and prices. Amounts are in US cents. */
export const PLANS = {
  DIY: {
    id: 'DIY',
    name: 'DIY Audit',
    priceCents: PRICE_LIST_CENTS.DIY,
    summary: 'Run the bot, review risks, fix yourself, re-audit anytime.',
    features: [
      'Run the audit bot on your server',
      'Review every risk with fixes',
      'Fix it yourself',
      'Re-audit anytime',
    ],
  },
  FULL_SERVICE: {
    id: 'FULL_SERVICE',
    name: 'Full Service',
    priceCents: PRICE_LIST_CENTS.FULL_SERVICE,
    summary: 'We fix, re-audit and certify your server.',
    features: [
      'Everything in DIY Audit',
      'Our team fixes the findings',
      'Re-audit after the fixes',
      'Audit certificate with a public page',
    ],
  },
} as const;

export const EXTRA_AUDIT_PRICE_CENTS = PRICE_LIST_CENTS.EXTRA_AUDIT;

export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;
}

/**
 * Audits one entitlement allows per server (docs/decisions/0008). Failed audits are not counted:
 * an audit that could not run is our problem, not the owner's.
 */
export const AUDITS_PER_ENTITLEMENT = {
  DIY: 10,
  FULL_SERVICE: 25,
  EXTRA_AUDIT: 1,
  COUPON: 1,
  BYPASS: 1,
} as const;
