import type { Audit } from '../../../shared/contracts/audits';
import type { DriftAlert } from '../../../shared/contracts/monitoring';
import type { AuditTrigger } from '../../../shared/monitoring-rules';

export type DriftAlertMark = Pick<DriftAlert, 'previousScore' | 'score' | 'newFailures'>;

export interface ScorePoint {
  auditId: string;
  date: string;
  score: number;
  trigger: AuditTrigger;
  /** The drift alert this audit raised, if it raised one. */
  alert: DriftAlertMark | null;
}

type AuditLike = Pick<Audit, 'id' | 'status' | 'riskScore' | 'completedAt' | 'createdAt' | 'trigger'>;

/** Completed audits, oldest first, each with the drift alert it raised (audits arrive newest first). */
export function scoreHistory(
  audits: readonly AuditLike[],
  alerts: readonly Pick<DriftAlert, 'auditId' | keyof DriftAlertMark>[],
) {
  const alertOf = new Map(alerts.map((alert) => [alert.auditId, alert]));
  return audits
    .flatMap((audit): ScorePoint[] => {
      if (audit.status !== 'completed' || audit.riskScore === null) return [];
      const alert = alertOf.get(audit.id);
      return [
        {
          auditId: audit.id,
          date: audit.completedAt ?? audit.createdAt,
          score: audit.riskScore,
          trigger: audit.trigger,
          alert:
            alert === undefined
              ? null
              : { previousScore: alert.previousScore, score: alert.score, newFailures: alert.newFailures },
        },
      ];
    })
    .reverse();
}

/** What a marker says: the score's fall, and the checks that newly failed (an alert may have either or both). */
export function driftAlertLabel(alert: DriftAlertMark): string {
  const parts: string[] = [];
  if (alert.score < alert.previousScore) parts.push(`score fell from ${alert.previousScore} to ${alert.score}`);
  if (alert.newFailures.length > 0) {
    parts.push(`newly failing: ${alert.newFailures.map((failure) => failure.checkName).join(', ')}`);
  }
  return `Drift alert: ${parts.length > 0 ? parts.join('; ') : `score ${alert.previousScore} to ${alert.score}`}`;
}

export const TRIGGER_LABEL: Readonly<Record<AuditTrigger, string>> = {
  manual: 'Manual audit',
  scheduled: 'Scheduled audit',
};

export function trendSentence(points: readonly Pick<ScorePoint, 'score'>[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (first === undefined || last === undefined) return 'No completed audits yet.';
  if (points.length === 1) return `One completed audit so far, scoring ${last.score}. Run another to see a trend.`;
  const change = last.score - first.score;
  const direction = change > 0 ? `up ${change} points` : change < 0 ? `down ${-change} points` : 'unchanged';
  return `From ${first.score} to ${last.score} over ${points.length} audits: ${direction}.`;
}
