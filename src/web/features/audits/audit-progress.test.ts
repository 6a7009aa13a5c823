import { describe, expect, it } from 'vitest';
import { AUDIT_PROGRESS_STEPS, auditProgress, remainingMinutesForStep, stepFromPercent } from './audit-progress';

const START = Date.parse('2025-01-01T10:00:00.000Z');
const base = {
  status: 'running' as const,
  progressStep: 0,
  totalChecks: 0,
  passedChecks: 0,
  failedChecks: 0,
  createdAt: new Date(START).toISOString(),
  startedAt: new Date(START).toISOString(),
};
const minutes = (n: number) => START + n * 60_000;

describe('auditProgress', () => {
  it('has eight steps from connecting to finalizing', () => {
    expect(AUDIT_PROGRESS_STEPS).toHaveLength(8);
    expect(AUDIT_PROGRESS_STEPS[0]).toBe('Connecting to the server');
    expect(AUDIT_PROGRESS_STEPS[7]).toBe('Finalizing the report');
  });

  it('is 0% while pending and 100% once completed', () => {
    expect(auditProgress({ ...base, status: 'pending' }, minutes(3))).toMatchObject({
      percent: 0,
      remainingMinutes: 8,
    });
    expect(auditProgress({ ...base, status: 'completed' }, minutes(3))).toMatchObject({
      percent: 100,
      remainingMinutes: 0,
    });
  });

  it('counts evaluated checks, rounded and capped at 95%', () => {
    expect(auditProgress({ ...base, totalChecks: 20, passedChecks: 5, failedChecks: 2 }, START).percent).toBe(35);
    expect(auditProgress({ ...base, totalChecks: 3, passedChecks: 1, failedChecks: 0 }, START).percent).toBe(33);
    expect(auditProgress({ ...base, totalChecks: 20, passedChecks: 15, failedChecks: 5 }, START).percent).toBe(95);
  });

  it('falls back to eight one-minute steps without totals, capped at 90%', () => {
    expect(auditProgress(base, minutes(2)).percent).toBe(25);
    expect(auditProgress(base, minutes(4)).percent).toBe(50);
    expect(auditProgress(base, minutes(30)).percent).toBe(90);
    expect(auditProgress({ ...base, startedAt: null }, minutes(1)).percent).toBe(13);
  });

  it('derives the step and its label from the percent', () => {
    expect(auditProgress(base, minutes(0))).toMatchObject({
      step: 0,
      label: 'Connecting to the server',
      remainingMinutes: 8,
    });
    expect(auditProgress(base, minutes(3))).toMatchObject({ step: 3, remainingMinutes: 5 });
    expect(auditProgress(base, minutes(30))).toMatchObject({
      step: 7,
      label: 'Finalizing the report',
      remainingMinutes: 1,
    });
  });

  it('follows the server step when it is ahead, lifting the percent to match', () => {
    const progress = auditProgress({ ...base, progressStep: 5 }, minutes(0));
    expect(progress.step).toBe(4);
    expect(progress.label).toBe(AUDIT_PROGRESS_STEPS[4]);
    expect(progress.percent).toBe(50);
  });

  it('never lets a server step push past the cap', () => {
    expect(auditProgress({ ...base, progressStep: 8 }, minutes(0)).percent).toBe(88);
    expect(
      auditProgress({ ...base, progressStep: 8, totalChecks: 20, passedChecks: 19, failedChecks: 1 }, START).percent,
    ).toBe(95);
  });
});

describe('step helpers', () => {
  it('maps percents onto the eight steps', () => {
    expect(stepFromPercent(0)).toBe(0);
    expect(stepFromPercent(12)).toBe(0);
    expect(stepFromPercent(13)).toBe(1);
    expect(stepFromPercent(100)).toBe(7);
  });

  it('estimates at least one minute left', () => {
    expect(remainingMinutesForStep(0)).toBe(8);
    expect(remainingMinutesForStep(7)).toBe(1);
    expect(remainingMinutesForStep(9)).toBe(1);
  });
});
