import { describe, expect, it } from 'vitest';
import { usageMessage } from './audit-usage';

describe('usageMessage', () => {
  it('tells a user with no plan for the server how to get one, not that every audit is used', () => {
    const message = usageMessage({ canAudit: false, remaining: 0, auditsUsed: 0, auditLimit: 0 });
    expect(message.headline).toBe('No audit plan for this server yet.');
    expect(`${message.headline} ${message.detail ?? ''}`).not.toMatch(/used/);
    expect(message.actions).toEqual([
      { href: '/paywall', label: 'Choose a Plan' },
      { href: '/redeem', label: 'Redeem a Coupon' },
    ]);
  });

  it('offers more audits once a plan is used up', () => {
    const message = usageMessage({ canAudit: false, remaining: 0, auditsUsed: 3, auditLimit: 3 });
    expect(message).toMatchObject({
      headline: 'You have used every audit of your plan for this server.',
      detail: '3 audits used so far.',
    });
    expect(message.actions).toEqual([{ href: '/paywall', label: 'Buy More Audits ($50)', buysExtraAudit: true }]);
  });

  it('counts what remains while audits are left', () => {
    expect(usageMessage({ canAudit: true, remaining: 1, auditsUsed: 2, auditLimit: 3 })).toMatchObject({
      canAudit: true,
      headline: '1 audit remaining for this server.',
      detail: '2 audits used so far.',
      actions: [],
    });
  });
});
