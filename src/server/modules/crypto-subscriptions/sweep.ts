import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { SUBSCRIPTION_REMINDER_DAYS } from '../../../shared/commerce-rules.js';
import { cryptoSubscriptions } from '../../db/schema-commerce.js';
import { servers } from '../../db/schema.js';
import { pushNotifications, recordNotifications, type StoredNotification } from '../notifications/notify.js';
import type { CryptoDeps } from './deps.js';
import { type PeriodicSweep, periodicSweep } from '../../jobs/periodic-sweep.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SUBSCRIPTION_SWEEP_INTERVAL_MS = 60_000;
const BILLING_URL = '/billing';

type SweepDeps = Pick<CryptoDeps, 'db' | 'realtime' | 'log' | 'now'>;

/**
 * Lapses every active subscription whose payment fell due (it stops being active) and reminds the owner once,
 * SUBSCRIPTION_REMINDER_DAYS before the due date. Each change is a conditional update in the transaction that
 * stores its notification, so instances sweeping at once never lapse or remind twice.
 */
export async function sweepSubscriptions(deps: SweepDeps): Promise<number> {
  const now = deps.now();
  const soon = new Date(now.getTime() + SUBSCRIPTION_REMINDER_DAYS * DAY_MS);
  const stored = await deps.db.transaction(async (tx) => {
    const lapsed = await tx
      .update(cryptoSubscriptions)
      .set({ status: 'lapsed', isActive: false, updatedAt: now })
      .where(and(eq(cryptoSubscriptions.status, 'active'), lte(cryptoSubscriptions.nextPaymentDue, now)))
      .returning();
    const due = await tx
      .update(cryptoSubscriptions)
      .set({ reminderSentAt: now })
      .where(
        and(
          eq(cryptoSubscriptions.status, 'active'),
          isNull(cryptoSubscriptions.reminderSentAt),
          gt(cryptoSubscriptions.nextPaymentDue, now),
          lte(cryptoSubscriptions.nextPaymentDue, soon),
        ),
      )
      .returning();
    const notices: StoredNotification[] = [];
    const serverName = async (serverId: string) =>
      (await tx.select({ name: servers.name }).from(servers).where(eq(servers.id, serverId)))[0]?.name ?? 'your server';
    for (const subscription of lapsed) {
      notices.push(
        ...(await recordNotifications(tx, [subscription.userId], {
          type: 'SYSTEM_UPDATE',
          title: 'Monitoring subscription lapsed',
          message: `The ${subscription.currency} monitoring subscription of ${await serverName(subscription.serverId)} was not renewed by its due date and is no longer active. Pay a new month from Billing to resume it.`,
          actionUrl: BILLING_URL,
        })),
      );
    }
    for (const subscription of due) {
      const day = subscription.nextPaymentDue?.toISOString().slice(0, 10) ?? '';
      notices.push(
        ...(await recordNotifications(tx, [subscription.userId], {
          type: 'SYSTEM_UPDATE',
          title: 'Monitoring payment due soon',
          message: `The next ${subscription.currency} payment of the monitoring subscription of ${await serverName(subscription.serverId)} is due on ${day}. Pay it from Billing to keep monitoring active.`,
          actionUrl: BILLING_URL,
        })),
      );
    }
    return notices;
  });
  pushNotifications(deps.realtime, stored);
  return stored.length;
}

export type SubscriptionSweep = PeriodicSweep;

/** The sweep on an interval, started and stopped with the app; any instance may run it. */
export function createSubscriptionSweep(
  deps: SweepDeps,
  intervalMs = SUBSCRIPTION_SWEEP_INTERVAL_MS,
): SubscriptionSweep {
  return periodicSweep(() => sweepSubscriptions(deps), {
    intervalMs,
    log: deps.log,
    failure: 'crypto subscription sweep failed',
  });
}
