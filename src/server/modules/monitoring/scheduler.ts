import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { nextScheduledRun } from '../../../shared/monitoring-rules.js';
import type { Database } from '../../db/client.js';
import { audits } from '../../db/schema.js';
import { monitoringSettings } from '../../db/schema-monitoring.js';
import { periodicSweep, type PeriodicSweep } from '../../jobs/periodic-sweep.js';
import { hasMonitoringSubscription } from './settings.js';

/** How long a server whose audit is still running waits before the scheduler tries it again. */
export const BUSY_RETRY_MS = 15 * 60 * 1000;
/** At most this many servers are queued per sweep; the rest are due still and taken by the next one. */
const MAX_PER_SWEEP = 200;

export interface SchedulerDeps {
  db: Database;
  log: FastifyBaseLogger;
  now(): Date;
  intervalMs: number;
  /** Wakes this instance's audit worker once scheduled audits are queued. */
  nudgeWorker(): void;
  /** Retries drift alerts whose Discord message is still pending. */
  retryPendingAlerts(): Promise<number>;
}

type ClaimResult = 'none' | 'queued' | 'busy' | 'ineligible';

/**
 * Queues monitored servers' scheduled audits. Each due server is claimed in its own transaction with
 * FOR UPDATE SKIP LOCKED and its slot moved on before commit, so however many instances sweep at once a
 * slot yields one audit; a server far behind gets one audit, not a backlog. Due-ness follows the app's
 * clock, never the database's, so tests and the demo can move time.
 */
export function createMonitoringScheduler(deps: SchedulerDeps): PeriodicSweep {
  async function claimOne(now: Date): Promise<ClaimResult> {
    return deps.db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(monitoringSettings)
        .where(
          and(
            eq(monitoringSettings.enabled, true),
            isNull(monitoringSettings.pausedReason),
            lte(monitoringSettings.nextRunAt, now),
          ),
        )
        .orderBy(asc(monitoringSettings.nextRunAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (due === undefined) return 'none';
      const moveTo = async (nextRunAt: Date, scheduled: boolean) => {
        await tx
          .update(monitoringSettings)
          .set({ nextRunAt, ...(scheduled ? { lastScheduledAt: now } : {}), updatedAt: now })
          .where(eq(monitoringSettings.serverId, due.serverId));
      };
      const nextSlot = nextScheduledRun(due.serverId, due.cadence, now);
      // A lapsed subscription skips the slot but keeps the settings, so monitoring resumes with a renewal.
      if (!due.staffEnabled && !(await hasMonitoringSubscription(tx, due.serverId))) {
        await moveTo(nextSlot, false);
        return 'ineligible';
      }
      // No requester: the quota counts only audits someone asked for. The partial unique index refuses a
      // second active audit of the server; that one is running, so this slot is tried again later.
      const [queued] = await tx
        .insert(audits)
        .values({ serverId: due.serverId, trigger: 'scheduled', requestedByUserId: null })
        .onConflictDoNothing()
        .returning({ id: audits.id });
      if (queued === undefined) {
        await moveTo(new Date(now.getTime() + BUSY_RETRY_MS), false);
        return 'busy';
      }
      await moveTo(nextSlot, true);
      return 'queued';
    });
  }

  async function sweep(): Promise<number> {
    const now = deps.now();
    let queued = 0;
    for (let claimed = 0; claimed < MAX_PER_SWEEP; claimed += 1) {
      const result = await claimOne(now);
      if (result === 'none') break;
      if (result === 'queued') queued += 1;
    }
    if (queued > 0) deps.nudgeWorker();
    await deps.retryPendingAlerts();
    return queued;
  }

  return periodicSweep(sweep, {
    intervalMs: deps.intervalMs,
    log: deps.log,
    failure: 'monitoring sweep failed',
  });
}
