import { describe, expect, it } from 'vitest';
import type { AuditUsage } from '../../../shared/contracts/audits';
import type { Payment } from '../../../shared/contracts/payments';
import {
  formatUsd,
  lastAuditSummary,
  monthlyCryptoAmount,
  nextPaymentText,
  paymentRow,
  serverUsageStatus,
  subscriptionBadge,
} from './billing-display';

const payment = (overrides: Partial<Payment> = {}): Payment => ({
  id: 'payment-1',
  serverId: 'server-1',
  serverName: 'Pixel Plaza',
  type: 'DIY',
  provider: 'stripe',
  amount: 350,
  amountCents: 35_000,
  cryptoAmount: null,
  status: 'completed',
  createdAt: '2026-11-24T10:00:00.000Z',
  completedAt: '2026-11-24T10:01:00.000Z',
  ...overrides,
});

describe('formatUsd', () => {
  it('writes whole dollars as the spec does, without cents or grouping', () => {
    expect(formatUsd(35_000)).toBe('$350');
    expect(formatUsd(100_000)).toBe('$1000');
    expect(formatUsd(5_000)).toBe('$50');
  });

  it('keeps the cents when there are some', () => {
    expect(formatUsd(1_250)).toBe('$12.50');
    expect(formatUsd(5)).toBe('$0.05');
  });
});

describe('paymentRow', () => {
  it('shows a completed card payment with a receipt', () => {
    expect(paymentRow(payment())).toEqual({
      id: 'payment-1',
      createdAt: '2026-11-24T10:00:00.000Z',
      server: 'Pixel Plaza',
      what: 'DIY Audit',
      provider: 'Card (Stripe)',
      amount: '$350',
      cryptoAmount: null,
      status: 'completed',
      hasReceipt: true,
    });
  });

  it('has the three display statuses: completed, pending, and failed for anything else', () => {
    const shown = (status: Payment['status']) => paymentRow(payment({ status }));
    expect(shown('pending')).toMatchObject({ status: 'pending', hasReceipt: false });
    expect(shown('failed')).toMatchObject({ status: 'failed', hasReceipt: false });
    expect(shown('expired')).toMatchObject({ status: 'failed', hasReceipt: false });
    expect(shown('refunded')).toMatchObject({ status: 'failed', hasReceipt: false });
  });

  it('names what was bought, how, and the crypto amount asked for', () => {
    const row = paymentRow(
      payment({ type: 'MONITORING', provider: 'crypto', amountCents: 5_000, amount: 50, cryptoAmount: '0.331 SOL' }),
    );
    expect(row).toMatchObject({
      what: 'Monitoring (monthly)',
      provider: 'Crypto (on-chain)',
      amount: '$50',
      cryptoAmount: '0.331 SOL',
    });
    expect(paymentRow(payment({ provider: 'nowpayments', type: 'FULL_SERVICE' }))).toMatchObject({
      what: 'Full Service',
      provider: 'Crypto (NOWPayments)',
    });
  });

  it('still says what was bought when the server is gone', () => {
    expect(paymentRow(payment({ serverId: null, serverName: null })).server).toBe('Unknown server');
  });
});

describe('subscriptionBadge', () => {
  it('is Active or Cancelled from isActive once the first payment was verified', () => {
    expect(subscriptionBadge({ status: 'active', isActive: true })).toBe('Active');
    expect(subscriptionBadge({ status: 'lapsed', isActive: false })).toBe('Cancelled');
    expect(subscriptionBadge({ status: 'cancelled', isActive: false })).toBe('Cancelled');
  });

  it('says a subscription awaits its first payment rather than calling it cancelled', () => {
    expect(subscriptionBadge({ status: 'awaiting_payment', isActive: false })).toBe('Awaiting Payment');
  });
});

describe('monthlyCryptoAmount', () => {
  it('gives the amount with the asset, USDC on either chain as USDC', () => {
    expect(monthlyCryptoAmount({ monthlyAmount: '0.331', currency: 'SOL' })).toBe('0.331 SOL');
    expect(monthlyCryptoAmount({ monthlyAmount: '0.016601', currency: 'ETH' })).toBe('0.016601 ETH');
    expect(monthlyCryptoAmount({ monthlyAmount: '50.03', currency: 'USDC-SPL' })).toBe('50.03 USDC');
    expect(monthlyCryptoAmount({ monthlyAmount: '50.04', currency: 'USDC-ERC20' })).toBe('50.04 USDC');
  });
});

describe('nextPaymentText', () => {
  const date = (iso: string) => `date(${iso})`;

  it('gives the due date of an active subscription', () => {
    expect(nextPaymentText({ status: 'active', isActive: true, nextPaymentDue: '2026-12-24T10:00:00Z' }, date)).toBe(
      'date(2026-12-24T10:00:00Z)',
    );
  });

  it('says the first payment is due before activation, and nothing more once cancelled', () => {
    expect(nextPaymentText({ status: 'awaiting_payment', isActive: false, nextPaymentDue: null }, date)).toBe(
      'Due now: the first payment starts the subscription',
    );
    expect(nextPaymentText({ status: 'lapsed', isActive: false, nextPaymentDue: '2026-11-01T00:00:00Z' }, date)).toBe(
      'No further payments',
    );
    expect(nextPaymentText({ status: 'active', isActive: true, nextPaymentDue: null }, date)).toBe('Not scheduled');
  });
});

describe('serverUsageStatus', () => {
  const usage = (overrides: Partial<AuditUsage>): AuditUsage => ({
    isAdmin: false,
    canAudit: true,
    remaining: 1,
    auditsUsed: 0,
    auditLimit: 1,
    ...overrides,
  });

  it('counts what remains of a plan', () => {
    expect(serverUsageStatus(usage({ remaining: 2, auditsUsed: 1, auditLimit: 3 }))).toEqual({
      tone: 'available',
      headline: '2 audits remaining',
      detail: '1 audit of 3 used.',
    });
  });

  it('says when every audit is used, and when there is no plan at all', () => {
    expect(serverUsageStatus(usage({ canAudit: false, remaining: 0, auditsUsed: 1, auditLimit: 1 }))).toEqual({
      tone: 'used-up',
      headline: 'All audits used',
      detail: '1 audit of 1 used.',
    });
    expect(serverUsageStatus(usage({ canAudit: false, remaining: 0, auditsUsed: 0, auditLimit: 0 }))).toMatchObject({
      tone: 'no-plan',
      headline: 'No plan yet',
    });
  });

  it('does not meter staff', () => {
    expect(serverUsageStatus(usage({ isAdmin: true, auditLimit: 0 }))).toMatchObject({
      tone: 'unmetered',
      headline: 'Unlimited audits',
    });
  });
});

describe('lastAuditSummary', () => {
  const audit = (status: 'pending' | 'running' | 'completed' | 'failed', riskScore: number | null = null) => ({
    status,
    riskScore,
    createdAt: '2026-11-20T10:00:00Z',
    completedAt: status === 'completed' ? '2026-11-20T10:02:00Z' : null,
  });

  it('reports a run in progress first', () => {
    expect(lastAuditSummary([audit('running'), audit('completed', 80)])).toEqual({ kind: 'running' });
    expect(lastAuditSummary([audit('pending')])).toEqual({ kind: 'running' });
  });

  it('takes the newest completed audit, skipping failed runs', () => {
    expect(lastAuditSummary([audit('failed'), audit('completed', 72), audit('completed', 40)])).toEqual({
      kind: 'completed',
      completedAt: '2026-11-20T10:02:00Z',
      riskScore: 72,
    });
  });

  it('says never when nothing completed', () => {
    expect(lastAuditSummary([])).toEqual({ kind: 'never' });
    expect(lastAuditSummary([audit('failed')])).toEqual({ kind: 'never' });
  });
});
