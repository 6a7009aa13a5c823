import { auditChangesPath } from '../../../shared/monitoring-rules.js';
import type { DriftChange } from '../../db/schema-monitoring.js';
import type { WebhookMessage } from '../../integrations/discord/webhook-client.js';

const RED = 0xd83c3e;
const BLUE = 0x5865f2;

export interface DriftSummary {
  serverId: string;
  serverName: string;
  auditId: string;
  previousScore: number;
  score: number;
  newFailures: readonly DriftChange[];
}

/** One sentence for the notification and the embed: what fell and what newly fails. */
export function driftSentence({ previousScore, score, newFailures }: DriftSummary): string {
  const parts = [
    score < previousScore
      ? `Security score fell from ${previousScore} to ${score}`
      : `Security score ${score} (previously ${previousScore})`,
  ];
  if (newFailures.length > 0) {
    parts.push(`newly failing: ${newFailures.map((check) => `${check.checkName} (${check.severity})`).join(', ')}`);
  }
  return `${parts.join('; ')}.`;
}

export function driftAlertMessage(summary: DriftSummary, publicUrl: string, at: Date): WebhookMessage {
  return {
    content: `Rampart: security drift on ${summary.serverName}`.slice(0, 200),
    embeds: [
      {
        title: `Drift alert: ${summary.serverName}`.slice(0, 256),
        description: `${driftSentence(summary)}\nOpen the audit to see what changed since the last one.`.slice(0, 4000),
        url: `${publicUrl}${auditChangesPath(summary.serverId, summary.auditId)}`,
        color: RED,
        timestamp: at.toISOString(),
      },
    ],
  };
}

export function testAlertMessage(serverName: string, publicUrl: string, at: Date): WebhookMessage {
  return {
    content: `Rampart: test alert for ${serverName}`.slice(0, 200),
    embeds: [
      {
        title: 'Test alert',
        description:
          `Drift alerts for ${serverName} will be posted in this channel when a scheduled audit finds a regression.`.slice(
            0,
            4000,
          ),
        url: `${publicUrl}/audits`,
        color: BLUE,
        timestamp: at.toISOString(),
      },
    ],
  };
}
