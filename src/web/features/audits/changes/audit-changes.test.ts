import { describe, expect, it } from 'vitest';
import type { AuditDiff, CheckChange } from '../../../../shared/contracts/audit-insights';
import type { Audit } from '../../../../shared/contracts/audits';
import {
  comparableAudits,
  describeFinding,
  describeScoreChange,
  hasNoChanges,
  pickChangesAudit,
} from './audit-changes';

describe('describeScoreChange', () => {
  it('shows a drop with a true minus sign and says it in words', () => {
    expect(describeScoreChange(92, 78)).toEqual({
      visible: '92 → 78 (\u221214)',
      spoken: 'Score fell from 92 to 78, down 14 points',
      direction: 'down',
    });
  });

  it('shows a rise with a plus sign, and one point in the singular', () => {
    expect(describeScoreChange(70, 71)).toEqual({
      visible: '70 → 71 (+1)',
      spoken: 'Score rose from 70 to 71, up 1 point',
      direction: 'up',
    });
  });

  it('says when nothing moved, and nothing when a score is missing', () => {
    expect(describeScoreChange(85, 85)).toEqual({
      visible: '85 → 85 (±0)',
      spoken: 'Score unchanged at 85',
      direction: 'same',
    });
    expect(describeScoreChange(null, 85)).toBeNull();
    expect(describeScoreChange(85, null)).toBeNull();
  });
});

describe('describeFinding', () => {
  it('names the kind of thing and quotes its name', () => {
    expect(describeFinding({ kind: 'role', label: 'Shadow Admin' }, 'appeared')).toBe('Role "Shadow Admin" appeared');
    expect(describeFinding({ kind: 'webhook', label: 'Deploys' }, 'disappeared')).toBe('Webhook "Deploys" disappeared');
  });

  it('keeps a detail line as it is', () => {
    expect(describeFinding({ kind: 'detail', label: 'Verification level: Low' }, 'appeared')).toBe(
      'Verification level: Low (appeared)',
    );
  });
});

function change(checkId: CheckChange['checkId']): CheckChange {
  return {
    checkId,
    checkName: checkId,
    severity: 'HIGH',
    before: 'PASS',
    after: 'PASS',
    appeared: [],
    disappeared: [],
  };
}

function diffWith(checks: Partial<AuditDiff['checks']>): AuditDiff {
  const side = { id: 'a', trigger: 'manual' as const, completedAt: '2026-01-01T00:00:00.000Z', riskScore: 80 };
  return {
    audit: side,
    against: { ...side, id: 'b' },
    scoreChange: 0,
    checks: { newFailures: [], fixed: [], regressed: [], unchanged: [], ...checks },
    findings: { appeared: [], disappeared: [] },
  };
}

describe('hasNoChanges', () => {
  it('is true only when every check is unchanged', () => {
    const first = 'VERIFICATION_LEVEL';
    expect(hasNoChanges(diffWith({ unchanged: [change(first)] }))).toBe(true);
    expect(hasNoChanges(diffWith({ fixed: [change(first)] }))).toBe(false);
    expect(hasNoChanges(diffWith({ regressed: [change(first)] }))).toBe(false);
    expect(hasNoChanges(diffWith({ newFailures: [change(first)] }))).toBe(false);
  });
});

function audit(id: string, status: Audit['status'], completedAt: string | null): Audit {
  return { id, status, completedAt } as Audit;
}

describe('choosing the audits to compare', () => {
  const audits = [
    audit('running', 'running', null),
    audit('latest', 'completed', '2026-03-03T00:00:00.000Z'),
    audit('failed', 'failed', null),
    audit('oldest', 'completed', '2026-01-01T00:00:00.000Z'),
    audit('middle', 'completed', '2026-02-02T00:00:00.000Z'),
  ];

  it('shows the requested completed audit, else the latest completed one', () => {
    expect(pickChangesAudit(audits, 'middle')?.id).toBe('middle');
    expect(pickChangesAudit(audits, null)?.id).toBe('latest');
    expect(pickChangesAudit(audits, 'running')?.id).toBe('latest');
    expect(pickChangesAudit(audits, 'not-of-this-server')?.id).toBe('latest');
    expect(pickChangesAudit([audit('running', 'running', null)], null)).toBeUndefined();
    expect(pickChangesAudit(undefined, 'middle')).toBeUndefined();
  });

  it('offers the other completed audits, newest first', () => {
    expect(comparableAudits(audits, 'latest').map((item) => item.id)).toEqual(['middle', 'oldest']);
    expect(comparableAudits(audits, 'middle').map((item) => item.id)).toEqual(['latest', 'oldest']);
  });
});
