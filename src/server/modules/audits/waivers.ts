import { and, eq, gt, isNull } from 'drizzle-orm';
import type { CheckStatus } from '../../../shared/audit-contract.js';
import type { Database } from '../../db/client.js';
import { waivers } from '../../db/schema-evidence.js';

/** A waiver still in force: granted by approved evidence, not revoked, not yet expired. */
export interface LiveWaiver {
  id: string;
  checkId: string;
  reason: string;
  expiresAt: Date;
}

export interface WaiverColumns {
  status: CheckStatus;
  waiveReason: string | null;
  waiverId: string | null;
  waiverExpiresAt: Date | null;
}

/** The server's waivers in force at `now`. */
export async function liveWaivers(db: Pick<Database, 'select'>, serverId: string, now: Date): Promise<LiveWaiver[]> {
  return db
    .select({ id: waivers.id, checkId: waivers.checkId, reason: waivers.reason, expiresAt: waivers.expiresAt })
    .from(waivers)
    .where(and(eq(waivers.serverId, serverId), isNull(waivers.revokedAt), gt(waivers.expiresAt, now)));
}

/**
 * What a new audit stores for a check given the server's live waivers: a FAIL that a waiver covers becomes
 * WAIVED (the engine's finding stays in engineStatus and evidence), under the waiver that lasts longest;
 * anything else is the engine's result as it is.
 */
export function withWaiver(
  check: { checkId: string; status: CheckStatus },
  live: readonly LiveWaiver[],
): WaiverColumns {
  const waiver =
    check.status === 'FAIL'
      ? live
          .filter((candidate) => candidate.checkId === check.checkId)
          .reduce<LiveWaiver | undefined>(
            (best, candidate) => (best === undefined || candidate.expiresAt > best.expiresAt ? candidate : best),
            undefined,
          )
      : undefined;
  if (waiver === undefined) return { status: check.status, waiveReason: null, waiverId: null, waiverExpiresAt: null };
  return { status: 'WAIVED', waiveReason: waiver.reason, waiverId: waiver.id, waiverExpiresAt: waiver.expiresAt };
}
