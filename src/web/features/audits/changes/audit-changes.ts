import type { AuditDiff, DiffFinding } from '../../../../shared/contracts/audit-insights';
import type { Audit } from '../../../../shared/contracts/audits';

export const FIRST_AUDIT_TEXT = 'This is the first completed audit of this server: there is nothing to compare yet.';

export type ScoreDirection = 'up' | 'down' | 'same';

export interface ScoreChangeText {
  /** What is shown: '92 → 78 (−14)'. */
  visible: string;
  /** What a screen reader says instead of the arrow and sign. */
  spoken: string;
  direction: ScoreDirection;
}

/** A true minus sign, as typeset numbers use, not a hyphen. */
const MINUS = '\u2212';

/** The score change between two audits; null when either audit has no score. */
export function describeScoreChange(before: number | null, after: number | null): ScoreChangeText | null {
  if (before === null || after === null) return null;
  const change = after - before;
  if (change === 0) {
    return { visible: `${before} → ${after} (±0)`, spoken: `Score unchanged at ${after}`, direction: 'same' };
  }
  const points = Math.abs(change) === 1 ? 'point' : 'points';
  const direction: ScoreDirection = change > 0 ? 'up' : 'down';
  return {
    visible: `${before} → ${after} (${change > 0 ? '+' : MINUS}${Math.abs(change)})`,
    spoken: `Score ${change > 0 ? 'rose' : 'fell'} from ${before} to ${after}, ${direction} ${Math.abs(change)} ${points}`,
    direction,
  };
}

const KIND_LABELS: Record<DiffFinding['kind'], string | null> = {
  role: 'Role',
  channel: 'Channel',
  bot: 'Bot',
  member: 'Member',
  integration: 'Integration',
  webhook: 'Webhook',
  detail: null,
};

/** 'Role "Shadow Admin" appeared'; a detail line is quoted as it is. */
export function describeFinding(finding: DiffFinding, change: 'appeared' | 'disappeared'): string {
  const kind = KIND_LABELS[finding.kind];
  return kind === null ? `${finding.label} (${change})` : `${kind} "${finding.label}" ${change}`;
}

export const CHANGE_SECTIONS = [
  { key: 'newFailures', title: 'New failures', empty: 'No check newly fails.' },
  { key: 'fixed', title: 'Fixed', empty: 'No check was fixed.' },
  { key: 'regressed', title: 'Regressed', empty: 'No check got worse.' },
] as const satisfies readonly { key: keyof AuditDiff['checks']; title: string; empty: string }[];

/** True when every check is in `unchanged`: the two audits found the same. */
export function hasNoChanges(diff: AuditDiff): boolean {
  return CHANGE_SECTIONS.every((section) => diff.checks[section.key].length === 0);
}

/** The audit whose changes are shown: the one asked for (the drift alert's link) if it is a completed audit of the server, else the latest completed one. */
export function pickChangesAudit(audits: readonly Audit[] | undefined, requestedId: string | null): Audit | undefined {
  const completed = (audits ?? []).filter((audit) => audit.status === 'completed');
  return completed.find((audit) => audit.id === requestedId) ?? completed[0];
}

/** The completed audits of the server that the shown one can be compared with, newest first. */
export function comparableAudits(audits: readonly Audit[] | undefined, auditId: string): Audit[] {
  return (audits ?? [])
    .filter((audit) => audit.status === 'completed' && audit.id !== auditId)
    .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''));
}
