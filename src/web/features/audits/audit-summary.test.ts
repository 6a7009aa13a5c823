import { describe, expect, it } from 'vitest';
import type { CheckStatus, Severity } from '../../../shared/audit-contract';
import {
  criticalFailures,
  filterChecks,
  filterCounts,
  passedPercent,
  pickAudits,
  reportChecks,
  riskBadgeVariant,
} from './audit-summary';
import { isAuditActive } from '../../../shared/contracts/audits';

const check = (severity: Severity, status: CheckStatus, name = `${severity}-${status}`) => ({ severity, status, name });

const checks = [
  check('CRITICAL', 'FAIL'),
  check('CRITICAL', 'PASS'),
  check('HIGH', 'FAIL'),
  check('HIGH', 'FAIL', 'second high'),
  check('HIGH', 'WAIVED'),
  check('MEDIUM', 'FAIL'),
  check('MEDIUM', 'UNKNOWN'),
  check('LOW', 'PASS'),
];

describe('filter chips', () => {
  it('counts failed checks per severity, passed and waived together, and everything under All', () => {
    expect(filterCounts(checks)).toEqual({ all: 8, critical: 1, high: 2, medium: 1, low: 0, passed: 3 });
  });

  it('never counts an UNKNOWN check as failed or passed', () => {
    expect(filterCounts([check('MEDIUM', 'UNKNOWN')])).toEqual({
      all: 1,
      critical: 0,
      high: 0,
      medium: 0,
      low: 0,
      passed: 0,
    });
  });

  it('lists the checks behind each chip', () => {
    expect(filterChecks(checks, 'high').map((item) => item.name)).toEqual(['HIGH-FAIL', 'second high']);
    expect(filterChecks(checks, 'passed').map((item) => item.name)).toEqual([
      'CRITICAL-PASS',
      'HIGH-WAIVED',
      'LOW-PASS',
    ]);
  });
});

describe('riskBadgeVariant', () => {
  it('uses the history thresholds 90 and 70', () => {
    expect(riskBadgeVariant(100)).toBe('default');
    expect(riskBadgeVariant(90)).toBe('default');
    expect(riskBadgeVariant(89)).toBe('secondary');
    expect(riskBadgeVariant(70)).toBe('secondary');
    expect(riskBadgeVariant(69)).toBe('destructive');
    expect(riskBadgeVariant(0)).toBe('destructive');
  });
});

describe('passedPercent', () => {
  it('rounds and is 0 without checks', () => {
    expect(passedPercent(17, 20)).toBe(85);
    expect(passedPercent(2, 3)).toBe(67);
    expect(passedPercent(0, 0)).toBe(0);
  });
});

describe('dashboard helpers', () => {
  it('counts failed CRITICAL and HIGH checks as critical issues', () => {
    expect(criticalFailures(checks).map((item) => item.name)).toEqual(['CRITICAL-FAIL', 'HIGH-FAIL', 'second high']);
  });

  it('shows the first five passed checks and every failed one in the report dialog', () => {
    const many = [...Array.from({ length: 7 }, (_, index) => check('LOW', 'PASS', `pass ${index}`)), ...checks];
    const report = reportChecks(many);
    expect(report.passed.map((item) => item.name)).toEqual(['pass 0', 'pass 1', 'pass 2', 'pass 3', 'pass 4']);
    expect(report.failed).toHaveLength(4);
  });
});

describe('pickAudits', () => {
  it('keeps the latest audit, the latest completed one and the active one apart', () => {
    const audits = [
      { id: 'c', status: 'running' as const },
      { id: 'b', status: 'failed' as const },
      { id: 'a', status: 'completed' as const },
    ];
    const picks = pickAudits(audits);
    expect(picks.latest?.id).toBe('c');
    expect(picks.latestCompleted?.id).toBe('a');
    expect(picks.active?.id).toBe('c');
    expect(pickAudits(undefined)).toEqual({ latest: undefined, latestCompleted: undefined, active: undefined });
  });

  it('treats pending and running as active', () => {
    expect(isAuditActive('pending')).toBe(true);
    expect(isAuditActive('running')).toBe(true);
    expect(isAuditActive('completed')).toBe(false);
    expect(isAuditActive('failed')).toBe(false);
  });
});
