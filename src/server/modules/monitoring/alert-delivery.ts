import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TokenSealer } from '../../crypto.js';
import type { Database } from '../../db/client.js';
import { servers } from '../../db/schema.js';
import { driftAlerts, monitoringSettings } from '../../db/schema-monitoring.js';
import type { DiscordWebhookClient } from '../../integrations/discord/webhook-client.js';
import { WebhookDeliveryError } from '../../integrations/discord/webhook-client.js';
import type { Metrics } from '../../metrics/metrics.js';
import { driftAlertMessage } from './alert-message.js';

/** After this many attempts an alert's Discord message is given up (`failed`); the in-app notice stands. */
export const MAX_WEBHOOK_ATTEMPTS = 5;

export interface AlertDeliveryDeps {
  db: Database;
  sealer: TokenSealer;
  webhooks: DiscordWebhookClient;
  metrics: Pick<Metrics, 'webhookDeliveries'>;
  log: FastifyBaseLogger;
  publicUrl: string;
  now(): Date;
}

/**
 * Posts drift alerts to the server's Discord webhook. Each attempt is claimed by a conditional update of
 * the attempt counter, so two instances (or the post-commit delivery and the retry sweep) never both send
 * the same attempt.
 */
export function createAlertDelivery(deps: AlertDeliveryDeps) {
  async function deliver(auditId: string): Promise<void> {
    const [alert] = await deps.db.select().from(driftAlerts).where(eq(driftAlerts.auditId, auditId));
    if (alert?.webhookStatus !== 'pending') return;
    const [claimed] = await deps.db
      .update(driftAlerts)
      .set({ webhookAttempts: alert.webhookAttempts + 1 })
      .where(
        and(
          eq(driftAlerts.auditId, auditId),
          eq(driftAlerts.webhookStatus, 'pending'),
          eq(driftAlerts.webhookAttempts, alert.webhookAttempts),
        ),
      )
      .returning();
    if (claimed === undefined) return;
    const [target] = await deps.db
      .select({ sealed: monitoringSettings.alertWebhookEnc, serverName: servers.name })
      .from(servers)
      .leftJoin(monitoringSettings, eq(monitoringSettings.serverId, servers.id))
      .where(eq(servers.id, claimed.serverId));
    const url = target?.sealed == null ? null : deps.sealer.open(target.sealed);
    if (url === null) {
      await settle(auditId, { webhookStatus: 'failed', webhookLastError: 'The webhook URL was removed.' });
      return;
    }
    try {
      const message = driftAlertMessage(
        { ...claimed, serverName: target?.serverName ?? 'your server' },
        deps.publicUrl,
        deps.now(),
      );
      await deps.webhooks.execute(url, message);
      deps.metrics.webhookDeliveries.inc({ direction: 'outgoing', provider: 'discord', outcome: 'sent' });
      await settle(auditId, { webhookStatus: 'sent', webhookSentAt: deps.now(), webhookLastError: null });
    } catch (error) {
      deps.metrics.webhookDeliveries.inc({ direction: 'outgoing', provider: 'discord', outcome: 'failed' });
      const reason = error instanceof WebhookDeliveryError ? error.message : String(error);
      // A deleted webhook or refused message will not succeed on a retry; only unreachable or rate limited may.
      const permanent = error instanceof WebhookDeliveryError && isPermanent(error.status);
      const giveUp = permanent || claimed.webhookAttempts >= MAX_WEBHOOK_ATTEMPTS;
      deps.log.warn({ auditId, reason }, 'drift alert webhook delivery failed');
      await settle(auditId, { webhookStatus: giveUp ? 'failed' : 'pending', webhookLastError: reason });
    }
  }

  async function settle(auditId: string, values: Partial<typeof driftAlerts.$inferInsert>) {
    await deps.db.update(driftAlerts).set(values).where(eq(driftAlerts.auditId, auditId));
  }

  /**
   * Retries alerts still pending a minute after they were raised (compared in the database's own time,
   * in which they were created). Sequential: a channel gets its alerts one at a time.
   */
  async function retryPending(): Promise<number> {
    const due = await deps.db
      .select({ auditId: driftAlerts.auditId })
      .from(driftAlerts)
      .where(and(eq(driftAlerts.webhookStatus, 'pending'), lt(driftAlerts.createdAt, sql`now() - interval '1 minute'`)))
      .limit(50);
    for (const { auditId } of due) await deliver(auditId);
    return due.length;
  }

  return { deliver, retryPending };
}

export type AlertDelivery = ReturnType<typeof createAlertDelivery>;

function isPermanent(status: number | null): boolean {
  return status !== null && status >= 400 && status < 500 && status !== 429;
}
