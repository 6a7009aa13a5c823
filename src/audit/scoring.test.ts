import { describe, expect, it } from 'vitest';
import type { CheckStatus, Severity } from '../shared/audit-contract.js';
import { recomputeSummary } from './scoring.js';

const check = (severity: Severity, status: CheckStatus) => ({ severity, status });

describe('recomputeSummary', () => {
  it('weights severities 10/6/3/1 and rounds', () => {
    const summary = recomputeSummary([
      check('CRITICAL', 'PASS'),
      check('HIGH', 'FAIL'),
      check('MEDIUM', 'PASS'),
      check('LOW', 'FAIL'),
    ]);
    // passed 10 + 3 = 13 of 20 evaluated
    expect(summary.riskScore).toBe(65);
    expect(summary).toMatchObject({
      totalChecks: 4,
      passedChecks: 2,
      failedChecks: 2,
      highIssues: 1,
      lowIssues: 1,
      criticalIssues: 0,
    });
  });

  it('counts WAIVED as passed', () => {
    const summary = recomputeSummary([check('CRITICAL', 'WAIVED'), check('HIGH', 'FAIL')]);
    expect(summary.riskScore).toBe(63);
    expect(summary.passedChecks).toBe(1);
    expect(summary.criticalIssues).toBe(0);
  });

  it('leaves UNKNOWN out of the score and counts it apart', () => {
    const summary = recomputeSummary([check('CRITICAL', 'UNKNOWN'), check('LOW', 'PASS')]);
    expect(summary.riskScore).toBe(100);
    expect(summary).toMatchObject({ unknownChecks: 1, passedChecks: 1, failedChecks: 0 });
  });

  it('scores 0 when nothing could be evaluated', () => {
    expect(recomputeSummary([check('HIGH', 'UNKNOWN')]).riskScore).toBe(0);
    expect(recomputeSummary([]).riskScore).toBe(0);
  });

  it('counts failed checks per severity', () => {
    const summary = recomputeSummary([
      check('CRITICAL', 'FAIL'),
      check('CRITICAL', 'FAIL'),
      check('HIGH', 'FAIL'),
      check('MEDIUM', 'FAIL'),
      check('LOW', 'PASS'),
    ]);
    expect(summary).toMatchObject({ criticalIssues: 2, highIssues: 1, mediumIssues: 1, lowIssues: 0, riskScore: 3 });
  });
});
