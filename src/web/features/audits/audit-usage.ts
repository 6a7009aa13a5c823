import type { AuditUsage } from '../../../shared/contracts/audits';

export interface UsageAction {
  href: '/paywall' | '/redeem';
  label: string;
  /** An extra audit of this server: a page that can start its checkout shows that instead of the link. */
  buysExtraAudit?: true;
}

export interface UsageMessage {
  /** Whether the caller can run an audit now. */
  canAudit: boolean;
  headline: string;
  detail: string | null;
  actions: UsageAction[];
}

const BUY_MORE: UsageAction = { href: '/paywall', label: 'Buy More Audits ($50)', buysExtraAudit: true };
const CHOOSE_PLAN: UsageAction = { href: '/paywall', label: 'Choose a Plan' };
const REDEEM: UsageAction = { href: '/redeem', label: 'Redeem a Coupon' };

const audits = (count: number) => (count === 1 ? '1 audit' : `${count} audits`);

/**
 * What the usage card and the audit toolbar say about the caller's quota on one server. Without any
 * plan for the server there is nothing "used up": the caller is told how to get a plan instead.
 */
export function usageMessage(
  usage: Pick<AuditUsage, 'canAudit' | 'remaining' | 'auditsUsed' | 'auditLimit'>,
): UsageMessage {
  if (usage.canAudit) {
    return {
      canAudit: true,
      headline: `${audits(usage.remaining)} remaining for this server.`,
      detail: `${audits(usage.auditsUsed)} used so far.`,
      actions: [],
    };
  }
  if (usage.auditLimit === 0) {
    return {
      canAudit: false,
      headline: 'No audit plan for this server yet.',
      detail: 'Choose a plan, or redeem a coupon you were given, to run your first audit.',
      actions: [CHOOSE_PLAN, REDEEM],
    };
  }
  return {
    canAudit: false,
    headline: 'You have used every audit of your plan for this server.',
    detail: `${audits(usage.auditsUsed)} used so far.`,
    actions: [BUY_MORE],
  };
}
