import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import { CHECKS } from '../../../audit/registry.js';
import { WAIVER_EXPIRY_NOTICE_DAYS } from '../../../shared/evidence-rules.js';
import { audits, servers } from '../../db/schema.js';
import { waivers } from '../../db/schema-evidence.js';
import { usersOfServer } from '../audits/access.js';
import { recordNotifications, type StoredNotification } from '../notifications/notify.js';
import { announce } from './announce.js';
import type { EvidenceDeps } from './deps.js';
import type { Transaction } from './write-thread.js';
import { type PeriodicSweep, periodicSweep } from '../../jobs/periodic-sweep.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Often enough that "at expiry" is within a minute; the query is cheap when nothing is due. */
export const WAIVER_SWEEP_INTERVAL_MS = 60_000;

type WaiverRow = typeof waivers.$inferSelect;
type SweepDeps = Pick<EvidenceDeps, 'db' | 'realtime' | 'log' | 'now'>;

const checkName = (checkId: string) => CHECKS.find((check) => check.metadata.id === checkId)?.metadata.name ?? checkId;

async function noticeFor(tx: Transaction, waiver: WaiverRow, expired: boolean): Promise<StoredNotification[]> {
  const [[server], [latest]] = await Promise.all([
    tx.select({ name: servers.name }).from(servers).where(eq(servers.id, waiver.serverId)),
    tx
      .select({ id: audits.id })
      .from(audits)
      .where(eq(audits.serverId, waiver.serverId))
      .orderBy(desc(audits.createdAt), desc(audits.id))
      .limit(1),
  ]);
  const subject = `${checkName(waiver.checkId)} on ${server?.name ?? 'your server'}`;
  const day = waiver.expiresAt.toISOString().slice(0, 10);
  return recordNotifications(tx, await usersOfServer(tx, waiver.serverId), {
    type: 'SYSTEM_UPDATE',
    title: expired ? 'Waiver expired' : 'Waiver expiring soon',
    message: expired
      ? `The waiver on ${subject} has expired: from the next audit the check counts as failed again unless new evidence is approved.`
      : `The waiver on ${subject} expires on ${day}. Submit fresh evidence on the next audit to keep the check waived.`,
    actionUrl: latest === undefined ? null : `/audits/${latest.id}`,
  });
}

/**
 * Tells the owner side of each live waiver once when it is WAIVER_EXPIRY_NOTICE_DAYS from expiry and once
 * when it has expired. Each notice is claimed by a conditional update of its waiver in the transaction that
 * stores it, so instances sweeping at once, or a sweep repeated, never tell anyone twice.
 */
export async function sweepWaiverExpiry(deps: SweepDeps): Promise<number> {
  const now = deps.now();
  const soon = new Date(now.getTime() + WAIVER_EXPIRY_NOTICE_DAYS * DAY_MS);
  const stored = await deps.db.transaction(async (tx) => {
    const expired = await tx
      .update(waivers)
      .set({ expiredNoticeAt: now })
      .where(and(isNull(waivers.revokedAt), isNull(waivers.expiredNoticeAt), lte(waivers.expiresAt, now)))
      .returning();
    const expiring = await tx
      .update(waivers)
      .set({ expiryWarnedAt: now })
      .where(
        and(
          isNull(waivers.revokedAt),
          isNull(waivers.expiryWarnedAt),
          gt(waivers.expiresAt, now),
          lte(waivers.expiresAt, soon),
        ),
      )
      .returning();
    const notices: StoredNotification[] = [];
    for (const waiver of expired) notices.push(...(await noticeFor(tx, waiver, true)));
    for (const waiver of expiring) notices.push(...(await noticeFor(tx, waiver, false)));
    return notices;
  });
  announce(deps, [], stored);
  return stored.length;
}

export type WaiverSweep = PeriodicSweep;

/** The sweep on an interval, started and stopped with the app; any instance may run it. */
export function createWaiverSweep(deps: SweepDeps, intervalMs = WAIVER_SWEEP_INTERVAL_MS): WaiverSweep {
  return periodicSweep(() => sweepWaiverExpiry(deps), {
    intervalMs,
    log: deps.log,
    failure: 'waiver expiry sweep failed',
  });
}
