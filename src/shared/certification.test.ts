import { describe, expect, it } from 'vitest';
import { CheckStatus, countsAsPassed } from './audit-contract.js';
import { countsTowardCertification, isCertificateEligible, nonBlankLength, statusOfRecord } from './certification.js';

describe('countsAsPassed', () => {
  it('counts PASS and WAIVED as passed, FAIL and UNKNOWN not', () => {
    expect(CheckStatus.options.filter(countsAsPassed)).toEqual(['PASS', 'WAIVED']);
  });
});

describe('statusOfRecord and countsTowardCertification', () => {
  it('counts an engine PASS and nothing else the engine found', () => {
    expect(countsTowardCertification({ status: 'PASS', engineStatus: 'PASS', overrideKind: null })).toBe(true);
    expect(countsTowardCertification({ status: 'FAIL', engineStatus: 'FAIL', overrideKind: null })).toBe(false);
    expect(countsTowardCertification({ status: 'UNKNOWN', engineStatus: 'UNKNOWN', overrideKind: null })).toBe(false);
  });

  it('counts a staff decision to pass or waive, and a staff FAIL over an engine PASS', () => {
    expect(countsTowardCertification({ status: 'WAIVED', engineStatus: 'FAIL', overrideKind: 'staff' })).toBe(true);
    expect(countsTowardCertification({ status: 'PASS', engineStatus: 'UNKNOWN', overrideKind: 'staff' })).toBe(true);
    expect(countsTowardCertification({ status: 'FAIL', engineStatus: 'PASS', overrideKind: 'staff' })).toBe(false);
  });

  it('never counts a self-attested override: the engine’s finding stays the status of record', () => {
    const claimed = { status: 'WAIVED', engineStatus: 'FAIL', overrideKind: 'self_attested' } as const;
    expect(statusOfRecord(claimed)).toBe('FAIL');
    expect(countsTowardCertification(claimed)).toBe(false);
    expect(countsTowardCertification({ status: 'PASS', engineStatus: 'UNKNOWN', overrideKind: 'self_attested' })).toBe(
      false,
    );
  });
});

describe('isCertificateEligible', () => {
  it('needs a completed audit scoring 90 or more with no critical issue', () => {
    expect(isCertificateEligible({ status: 'completed', riskScore: 90, criticalIssues: 0 })).toBe(true);
    expect(isCertificateEligible({ status: 'completed', riskScore: 89, criticalIssues: 0 })).toBe(false);
    expect(isCertificateEligible({ status: 'completed', riskScore: 100, criticalIssues: 1 })).toBe(false);
    expect(isCertificateEligible({ status: 'running', riskScore: 100, criticalIssues: 0 })).toBe(false);
    expect(isCertificateEligible({ status: 'completed', riskScore: null, criticalIssues: 0 })).toBe(false);
  });
});

describe('nonBlankLength', () => {
  it('counts characters that are not white space', () => {
    expect(nonBlankLength('  a b\tc\n ')).toBe(3);
    expect(nonBlankLength(null)).toBe(0);
    expect(nonBlankLength('Backups run nightly')).toBe(17);
  });
});
