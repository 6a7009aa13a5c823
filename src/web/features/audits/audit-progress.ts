import type { Audit } from '../../../shared/contracts/audits';

/** The eight steps of a run, from connecting to the server to finalizing the report. */
export const AUDIT_PROGRESS_STEPS = [
  'Connecting to the server',
  'Reading server settings',
  'Analyzing roles and permissions',
  'Checking bots and integrations',
  'Reviewing channel permissions',
  'Evaluating moderation and verification',
  'Calculating the risk score',
  'Finalizing the report',
] as const;

const STEP_COUNT = AUDIT_PROGRESS_STEPS.length;
const STEP_DURATION_MS = 60_000;
/** Counted progress stops short of 100% until the server says the audit is complete. */
export const COUNTED_PROGRESS_CAP = 95;
/** Time-based progress is a guess, so it stops earlier than counted progress. */
export const TIME_BASED_PROGRESS_CAP = 90;

export interface AuditProgress {
  percent: number;
  /** 0-based index into AUDIT_PROGRESS_STEPS. */
  step: number;
  label: string;
  /** Estimated minutes left; 0 once the audit is over. */
  remainingMinutes: number;
}

type ProgressInput = Pick<
  Audit,
  'status' | 'progressStep' | 'totalChecks' | 'passedChecks' | 'failedChecks' | 'createdAt' | 'startedAt'
>;

function clampStep(step: number): number {
  return Math.min(STEP_COUNT - 1, Math.max(0, Math.floor(step)));
}

export function stepFromPercent(percent: number): number {
  return clampStep((percent * STEP_COUNT) / 100);
}

/** At least one minute, otherwise eight minus the step. */
export function remainingMinutesForStep(step: number): number {
  return Math.max(1, STEP_COUNT - step);
}

/** Rounded share of checks evaluated so far, or of time spent out of eight one-minute steps. */
export function runningPercent(audit: ProgressInput, now: number): { percent: number; cap: number } {
  if (audit.totalChecks > 0) {
    const counted = Math.round(((audit.passedChecks + audit.failedChecks) / audit.totalChecks) * 100);
    return { percent: Math.min(COUNTED_PROGRESS_CAP, counted), cap: COUNTED_PROGRESS_CAP };
  }
  const started = Date.parse(audit.startedAt ?? audit.createdAt);
  const elapsed = Number.isNaN(started) ? 0 : Math.max(0, now - started);
  const timed = Math.round((elapsed / (STEP_COUNT * STEP_DURATION_MS)) * 100);
  return { percent: Math.min(TIME_BASED_PROGRESS_CAP, timed), cap: TIME_BASED_PROGRESS_CAP };
}

/**
 * Progress shown for an audit. The server's own step wins when it is ahead of the estimate, and the
 * percent is lifted to match it, so the label and the bar never disagree.
 */
export function auditProgress(audit: ProgressInput, now: number): AuditProgress {
  if (audit.status === 'completed') {
    return { percent: 100, step: STEP_COUNT - 1, label: 'Audit complete', remainingMinutes: 0 };
  }
  if (audit.status === 'failed') {
    return { percent: 0, step: 0, label: 'Audit failed', remainingMinutes: 0 };
  }
  if (audit.status === 'pending') {
    return { percent: 0, step: 0, label: 'Waiting to start', remainingMinutes: remainingMinutesForStep(0) };
  }
  const estimate = runningPercent(audit, now);
  // progressStep counts from 1 (0 = not started yet, 8 = the last step or done), so label n is index n - 1.
  const step = Math.max(stepFromPercent(estimate.percent), clampStep(audit.progressStep - 1));
  const percent = Math.min(estimate.cap, Math.max(estimate.percent, Math.round((step * 100) / STEP_COUNT)));
  return {
    percent,
    step,
    label: AUDIT_PROGRESS_STEPS[step] ?? 'Finalizing the report',
    remainingMinutes: remainingMinutesForStep(step),
  };
}
