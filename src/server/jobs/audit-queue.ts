import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client.js';
import type { GiveUpCause, LeasedJob, LeasedQueue } from './leased-worker.js';

export interface ClaimedAudit extends LeasedJob {
  /** Identifies this claim: writes guarded by it are refused once the audit was handed back or taken over. */
  claimToken: string;
}

export interface AuditQueueOptions {
  db: Database;
  /** Fails a claimed audit for good, if the claim still holds it, with a reason its owner reads. */
  giveUp(audit: ClaimedAudit, reason: string): Promise<void>;
}

const GIVE_UP_REASON: Readonly<Record<GiveUpCause, string>> = {
  'interrupted-repeatedly': 'The audit was interrupted repeatedly and has been stopped. Please run it again.',
  crashed: 'The audit stopped because of an internal error. Please run it again.',
};

const leaseEnd = (leaseSeconds: number) => sql`now() + make_interval(secs => ${leaseSeconds})`;

/** The audits table as a leased queue: each row holds its own lease (docs/decisions/0010, 0014). */
export function createAuditQueue({ db, giveUp }: AuditQueueOptions): LeasedQueue<ClaimedAudit> {
  return {
    noun: 'audit',

    async reclaimOwn(instanceId) {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`
        UPDATE audits
        SET status = 'pending', lease_expires_at = NULL, lease_holder = NULL, claim_token = NULL
        WHERE status = 'running' AND lease_holder = ${instanceId}
        RETURNING id`,
      );
      return rows.map((row) => row.id);
    },

    async claimNext(instanceId, leaseSeconds) {
      const rows = await queryRows<{ id: string; attempts: number; claim_token: string }>(
        db,
        sql`
        UPDATE audits
        SET status = 'running',
            attempts = attempts + 1,
            lease_expires_at = ${leaseEnd(leaseSeconds)},
            lease_holder = ${instanceId},
            claim_token = gen_random_uuid(),
            started_at = coalesce(started_at, now()),
            progress_step = greatest(progress_step, 1)
        WHERE id = (
          SELECT id FROM audits
          WHERE status = 'pending' OR (status = 'running' AND lease_expires_at < now())
          ORDER BY created_at
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, attempts, claim_token`,
      );
      const row = rows[0];
      return row === undefined ? null : { id: row.id, attempts: Number(row.attempts), claimToken: row.claim_token };
    },

    async renew(audit, leaseSeconds) {
      await db.execute(
        sql`UPDATE audits SET lease_expires_at = ${leaseEnd(leaseSeconds)} WHERE id = ${audit.id} AND status = 'running' AND claim_token = ${audit.claimToken}`,
      );
    },

    async handBack(audit) {
      await db.execute(sql`
        UPDATE audits
        SET status = 'pending', attempts = attempts - 1, lease_expires_at = NULL, lease_holder = NULL, claim_token = NULL
        WHERE id = ${audit.id} AND status = 'running' AND claim_token = ${audit.claimToken}`);
    },

    giveUp: (audit, cause) => giveUp(audit, GIVE_UP_REASON[cause]),
  };
}
