import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, queryRows } from '../db/client.js';

export interface ClaimedAudit {
  id: string;
  attempts: number;
  /** Identifies this claim: writes guarded by it are refused once the audit was handed back or taken over. */
  claimToken: string;
}

export interface AuditWorkerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** Stable across restarts of this process (docs/decisions/0010): leases it holds carry it. */
  instanceId: string;
  /** Runs one claimed audit to completion or failure; must not throw for ordinary audit failures. */
  run(audit: ClaimedAudit): Promise<void>;
  /** Fails a claimed audit for good, if the claim still holds it. */
  giveUp(audit: ClaimedAudit, reason: string): Promise<void>;
  pollIntervalMs?: number;
  leaseMs?: number;
  maxAttempts?: number;
  /** Audits one process runs at once; the rest wait for this or another instance. */
  maxConcurrent?: number;
}

/**
 * Runs queued audits in the background, durably: an audit is claimed with a lease kept fresh while
 * it runs, marked with this instance's identity. If a process dies mid-run, its next life takes the
 * audit back as soon as it starts; any other instance does once the lease expires. After
 * `maxAttempts` interrupted runs it is failed with a clear reason instead of looping forever.
 * Claims use FOR UPDATE SKIP LOCKED, so several instances never run the same audit.
 */
export class AuditWorker {
  private timer: NodeJS.Timeout | undefined;
  private readonly running = new Map<string, { claim: ClaimedAudit; done: Promise<void> }>();
  private claiming: Promise<void> | null = null;
  /** The first stop's work: later calls (the app's own close hook) wait for it instead of waiting again. */
  private stopping: Promise<void> | null = null;
  /** Only a started worker claims audits; an instance may serve the API without running audits. */
  private stopped = true;
  private readonly pollIntervalMs: number;
  private readonly leaseSeconds: number;
  private readonly maxAttempts: number;
  private readonly maxConcurrent: number;

  constructor(private readonly options: AuditWorkerOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.leaseSeconds = Math.ceil((options.leaseMs ?? 60_000) / 1000);
    this.maxAttempts = options.maxAttempts ?? 3;
    this.maxConcurrent = options.maxConcurrent ?? 3;
  }

  /** Call once the process can serve the calls a run makes (in demo mode, its own simulator). */
  async start(): Promise<void> {
    this.stopping = null;
    await this.recoverOrphans();
    // A stop requested while recovering wins: the process is shutting down.
    if (this.stopping !== null) return;
    this.stopped = false;
    this.timer = setInterval(() => this.poll(), this.pollIntervalMs);
    this.poll();
  }

  /** Looks for work now (after a new audit was queued or a run ended) instead of waiting for the next tick. */
  poll(): void {
    if (this.stopped || this.claiming !== null) return;
    this.claiming = this.claimWhileFree()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'audit worker poll failed'))
      .finally(() => {
        this.claiming = null;
      });
  }

  /**
   * Stops claiming, lets running audits finish for up to `graceMs`, and hands the unfinished ones back
   * to the queue without counting the attempt. Call it while the process still serves what runs need.
   */
  stop(graceMs = 10_000): Promise<void> {
    this.stopping ??= this.drain(graceMs);
    return this.stopping;
  }

  private async drain(graceMs: number): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.claiming;
    const all = Promise.allSettled([...this.running.values()].map((entry) => entry.done));
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    for (const { claim } of this.running.values()) await this.handBack(claim);
  }

  /**
   * Runs this instance held when its previous life ended (kill -9, crash, power loss) go back to the
   * queue at once instead of blocking their server until the lease expires. The attempt stays counted.
   */
  private async recoverOrphans(): Promise<void> {
    const rows = await queryRows<{ id: string }>(
      this.options.db,
      sql`
      UPDATE audits
      SET status = 'pending', lease_expires_at = NULL, lease_holder = NULL, claim_token = NULL
      WHERE status = 'running' AND lease_holder = ${this.options.instanceId}
      RETURNING id`,
    );
    if (rows.length > 0)
      this.options.log.info(
        { auditIds: rows.map((row) => row.id) },
        'took back audits interrupted by the previous run of this instance',
      );
  }

  private async claimWhileFree(): Promise<void> {
    while (!this.stopped && this.running.size < this.maxConcurrent) {
      const claimed = await this.claimOne();
      if (claimed === null) return;
      if (this.stopped) {
        await this.handBack(claimed);
        return;
      }
      if (claimed.attempts > this.maxAttempts) {
        await this.options.giveUp(
          claimed,
          'The audit was interrupted repeatedly and has been stopped. Please run it again.',
        );
        continue;
      }
      const run = this.runWithLease(claimed)
        .catch((error: unknown) =>
          this.options.log.error({ err: error, auditId: claimed.id }, 'audit run could not be closed'),
        )
        .finally(() => {
          this.running.delete(claimed.id);
          this.poll();
        });
      this.running.set(claimed.id, { claim: claimed, done: run });
    }
  }

  private async claimOne(): Promise<ClaimedAudit | null> {
    const rows = await queryRows<{ id: string; attempts: number; claim_token: string }>(
      this.options.db,
      sql`
      UPDATE audits
      SET status = 'running',
          attempts = attempts + 1,
          lease_expires_at = ${this.leaseEnd()},
          lease_holder = ${this.options.instanceId},
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
  }

  private leaseEnd() {
    return sql`now() + make_interval(secs => ${this.leaseSeconds})`;
  }

  private async runWithLease(audit: ClaimedAudit): Promise<void> {
    const heartbeat = setInterval(
      () => {
        void this.options.db
          .execute(
            sql`UPDATE audits SET lease_expires_at = ${this.leaseEnd()} WHERE id = ${audit.id} AND status = 'running' AND claim_token = ${audit.claimToken}`,
          )
          .catch((error: unknown) =>
            this.options.log.warn({ err: error, auditId: audit.id }, 'could not renew audit lease'),
          );
      },
      (this.leaseSeconds * 1000) / 3,
    );
    try {
      await this.options.run(audit);
    } catch (error) {
      this.options.log.error({ err: error, auditId: audit.id }, 'audit run crashed');
      if (!this.stopped)
        await this.options.giveUp(audit, 'The audit stopped because of an internal error. Please run it again.');
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Back to the queue, uncounted: a graceful stop is not a failure of the run. */
  private async handBack(audit: ClaimedAudit): Promise<void> {
    await this.options.db.execute(sql`
      UPDATE audits
      SET status = 'pending', attempts = attempts - 1, lease_expires_at = NULL, lease_holder = NULL, claim_token = NULL
      WHERE id = ${audit.id} AND status = 'running' AND claim_token = ${audit.claimToken}`);
  }
}
