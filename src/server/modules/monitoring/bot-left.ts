import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { AuditRow } from '../../db/rows.js';
import { servers } from '../../db/schema.js';
import { monitoringSettings } from '../../db/schema-monitoring.js';
import { usersOfServer } from '../audits/access.js';
import { BOT_NOT_IN_SERVER_REASON } from '../audits/runner.js';
import { recordNotifications, type StoredNotification } from '../notifications/notify.js';

/**
 * A scheduled audit that failed because the bot is no longer in the guild pauses monitoring: no audit
 * could succeed until the bot is back. The conditional update and the notification share one transaction,
 * so the owner side hears of it once however many scheduled audits fail.
 */
export async function pauseWhenBotLeft(db: Database, audit: AuditRow, now: Date): Promise<StoredNotification[]> {
  if (audit.trigger !== 'scheduled' || audit.failureReason !== BOT_NOT_IN_SERVER_REASON) return [];
  return db.transaction(async (tx) => {
    const [paused] = await tx
      .update(monitoringSettings)
      .set({ pausedReason: 'bot_left', pausedAt: now, nextRunAt: null, updatedAt: now })
      .where(and(eq(monitoringSettings.serverId, audit.serverId), isNull(monitoringSettings.pausedReason)))
      .returning({ serverId: monitoringSettings.serverId });
    if (paused === undefined) return [];
    const [server] = await tx.select({ name: servers.name }).from(servers).where(eq(servers.id, audit.serverId));
    return recordNotifications(tx, await usersOfServer(tx, audit.serverId), {
      type: 'SYSTEM_UPDATE',
      title: 'Monitoring Paused',
      message: `Monitoring of ${server?.name ?? 'your server'} is paused: the Rampart bot is no longer in the server. Invite it again and run an audit to resume.`,
      actionUrl: '/dashboard',
    });
  });
}
