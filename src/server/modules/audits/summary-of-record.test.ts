import { describe, expect, it } from 'vitest';
import { summaryOfRecord } from './summary-of-record.js';

describe('summaryOfRecord', () => {
  const engineFail = { severity: 'CRITICAL', status: 'FAIL', engineStatus: 'FAIL', overrideKind: null } as const;
  const enginePass = { severity: 'HIGH', status: 'PASS', engineStatus: 'PASS', overrideKind: null } as const;

  it('scores engine results alone and reports no claim', () => {
    expect(summaryOfRecord([engineFail, enginePass])).toMatchObject({
      riskScore: 38,
      passedChecks: 1,
      criticalIssues: 1,
      selfAttestedOverrides: 0,
      selfAttestedRiskScore: null,
    });
  });

  it('leaves a self-attested waiver out of the numbers of record and shows the score claimed with it', () => {
    const claimed = { ...engineFail, status: 'WAIVED', overrideKind: 'self_attested' } as const;
    expect(summaryOfRecord([claimed, enginePass])).toMatchObject({
      riskScore: 38,
      passedChecks: 1,
      failedChecks: 1,
      criticalIssues: 1,
      selfAttestedOverrides: 1,
      selfAttestedRiskScore: 100,
    });
  });

  it('counts a staff decision like an engine result', () => {
    const decided = { ...engineFail, status: 'WAIVED', overrideKind: 'staff' } as const;
    expect(summaryOfRecord([decided, enginePass])).toMatchObject({
      riskScore: 100,
      passedChecks: 2,
      criticalIssues: 0,
      selfAttestedRiskScore: null,
    });
  });
});
