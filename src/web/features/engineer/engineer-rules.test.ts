import { describe, expect, it } from 'vitest';
import type { StoredCheckResult } from '../../../shared/contracts/audits';
import { failedOrOverridden, overrideBody, overriddenStatus, scoreTone, totalChecksOf } from './engineer-rules';

type CheckFields = Pick<
  StoredCheckResult,
  'id' | 'status' | 'engineStatus' | 'overrideKind' | 'selfAttestedStatus' | 'waiveReason' | 'overrideReason'
>;

const check = (fields: Partial<CheckFields>): StoredCheckResult =>
  ({
    id: 'c',
    status: 'FAIL',
    engineStatus: 'FAIL',
    overrideKind: null,
    selfAttestedStatus: null,
    waiveReason: null,
    overrideReason: null,
    ...fields,
  }) as StoredCheckResult;

describe('scoreTone', () => {
  it.each([
    [100, 'good'],
    [80, 'good'],
    [79, 'fair'],
    [60, 'fair'],
    [59, 'poor'],
    [0, 'poor'],
  ] as const)('%i is %s', (score, tone) => {
    expect(scoreTone(score)).toBe(tone);
  });
});

describe('totalChecksOf', () => {
  it('is the audit total, or 20 when the audit has none', () => {
    expect(totalChecksOf({ totalChecks: 18 })).toBe(18);
    expect(totalChecksOf({ totalChecks: 0 })).toBe(20);
  });
});

describe('failedOrOverridden', () => {
  it('keeps failed checks and overridden ones, and leaves passed, unknown and untouched checks out', () => {
    const checks = [
      check({ id: 'failed' }),
      check({ id: 'staff-waived', status: 'WAIVED', overrideKind: 'staff' }),
      check({ id: 'self-attested', overrideKind: 'self_attested', selfAttestedStatus: 'PASS' }),
      check({ id: 'evidence-waived', status: 'WAIVED' }),
      check({ id: 'passed', status: 'PASS', engineStatus: 'PASS' }),
      check({ id: 'unknown', status: 'UNKNOWN', engineStatus: 'UNKNOWN' }),
    ];
    expect(failedOrOverridden(checks).map((item) => item.id)).toEqual([
      'failed',
      'staff-waived',
      'self-attested',
      'evidence-waived',
    ]);
  });
});

describe('overrideBody', () => {
  it('is null (button disabled) without a typed or existing reason, blanks included', () => {
    expect(overrideBody('WAIVED', '', check({}))).toBeNull();
    expect(overrideBody('WAIVED', '   ', check({ waiveReason: '  ' }))).toBeNull();
  });

  it('sends the typed reason, trimmed', () => {
    expect(overrideBody('PASS', '  Verified by hand  ', check({}))).toEqual({
      status: 'PASS',
      waiveReason: 'Verified by hand',
    });
  });

  it('falls back on the existing waive reason, then on the override reason', () => {
    expect(overrideBody('WAIVED', '', check({ waiveReason: 'Accepted risk' }))).toEqual({
      status: 'WAIVED',
      waiveReason: 'Accepted risk',
    });
    expect(overrideBody('WAIVED', '', check({ overrideReason: 'Owner claim text' }))?.waiveReason).toBe(
      'Owner claim text',
    );
  });
});

describe('overriddenStatus', () => {
  it("shows an owner's claim, and the status of record otherwise", () => {
    expect(overriddenStatus(check({ overrideKind: 'self_attested', selfAttestedStatus: 'PASS' }))).toBe('PASS');
    expect(overriddenStatus(check({ overrideKind: 'staff', status: 'WAIVED' }))).toBe('WAIVED');
  });
});
