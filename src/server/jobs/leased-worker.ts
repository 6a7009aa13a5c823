import type { FastifyBaseLogger } from 'fastify';

/** A unit of durable work, claimed under a lease on its own row (docs/decisions/0014). */
export interface LeasedJob {
  id: string;
  /** Counted attempts, this claim included (a graceful hand-back does not count). */
  attempts: number;
}

/** Why the worker ends a job for good instead of running it (again). */
export type GiveUpCause = 'interrupted-repeatedly' | 'crashed';

/**
 * A table of durable work seen by the worker. Claims must use FOR UPDATE SKIP LOCKED, so several
 * instances never hold the same job, and must stamp the lease with the claiming instance's identity.
 * Every write after a claim is fenced by that claim (the job carries whatever token proves it).
 */
export interface LeasedQueue<Job extends LeasedJob> {
  /** Singular noun for logs: "audit" gives "audit run crashed" with an `auditId` field. */
  readonly noun: string;
  /**
   * Puts back to the queue the jobs this instance held when its previous life ended; they cannot be
   * running any more. The attempt stays counted. Returns their ids.
   */
  reclaimOwn(instanceId: string): Promise<string[]>;
  /** Claims the next job free to run (queued, or leased by someone whose lease expired), counting an attempt. */
  claimNext(instanceId: string, leaseSeconds: number): Promise<Job | null>;
  /** Extends the lease of a job still held by this claim. */
  renew(job: Job, leaseSeconds: number): Promise<void>;
  /** Back to the queue, uncounted, if the claim still holds it: a graceful stop is not a failure. */
  handBack(job: Job): Promise<void>;
  /** Ends a job for good, if the claim still holds it. */
  giveUp(job: Job, cause: GiveUpCause): Promise<void>;
}

export interface LeasedWorkerOptions<Job extends LeasedJob> {
  queue: LeasedQueue<Job>;
  log: FastifyBaseLogger;
  /** Stable across restarts of this process (docs/decisions/0010): leases it holds carry it. */
  instanceId: string;
  /**
   * Runs one claimed job to completion or failure; must not throw for ordinary failures of the job.
   * `signal` aborts once the job was handed back at a stop: a run that heeds it should return, not throw.
   */
  run(job: Job, signal: AbortSignal): Promise<void>;
  pollIntervalMs?: number;
  leaseMs?: number;
  maxAttempts?: number;
  /** Jobs one process runs at once; the rest wait for this or another instance. */
  maxConcurrent?: number;
}

interface RunningJob<Job> {
  job: Job;
  done: Promise<void>;
  abort: AbortController;
}

/**
 * Runs the jobs of one leased queue in the background, durably: a job is claimed with a lease kept
 * fresh while it runs, marked with this instance's identity. If a process dies mid-run, its next life
 * takes the job back as soon as it starts; any other instance does once the lease expires. After
 * `maxAttempts` interrupted runs the job is given up instead of looping forever.
 */
export class LeasedWorker<Job extends LeasedJob> {
  private timer: NodeJS.Timeout | undefined;
  private readonly running = new Map<string, RunningJob<Job>>();
  private claiming: Promise<void> | null = null;
  /** The first stop's work: later calls (the app's own close hook) wait for it instead of waiting again. */
  private stopping: Promise<void> | null = null;
  /** Only a started worker claims jobs; an instance may serve the API without running them. */
  private stopped = true;
  private readonly queue: LeasedQueue<Job>;
  private readonly log: FastifyBaseLogger;
  private readonly idField: string;
  private readonly pollIntervalMs: number;
  private readonly leaseSeconds: number;
  private readonly maxAttempts: number;
  private readonly maxConcurrent: number;

  constructor(private readonly options: LeasedWorkerOptions<Job>) {
    this.queue = options.queue;
    this.log = options.log;
    this.idField = `${options.queue.noun}Id`;
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

  /** Looks for work now (after a job was queued or a run ended) instead of waiting for the next tick. */
  poll(): void {
    if (this.stopped || this.claiming !== null) return;
    this.claiming = this.claimWhileFree()
      .catch((error: unknown) => this.log.error({ err: error }, `${this.queue.noun} worker poll failed`))
      .finally(() => {
        this.claiming = null;
      });
  }

  /**
   * Stops claiming, lets running jobs finish for up to `graceMs`, and hands the unfinished ones back
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
    for (const { job, abort } of this.running.values()) {
      await this.queue.handBack(job);
      abort.abort();
    }
  }

  /** Jobs this instance held when its previous life ended (kill -9, crash, power loss) go back at once. */
  private async recoverOrphans(): Promise<void> {
    const ids = await this.queue.reclaimOwn(this.options.instanceId);
    if (ids.length > 0)
      this.log.info(
        { [`${this.idField}s`]: ids },
        `took back ${this.queue.noun}s interrupted by the previous run of this instance`,
      );
  }

  private async claimWhileFree(): Promise<void> {
    while (!this.stopped && this.running.size < this.maxConcurrent) {
      const claimed = await this.queue.claimNext(this.options.instanceId, this.leaseSeconds);
      if (claimed === null) return;
      if (this.stopped) {
        await this.queue.handBack(claimed);
        return;
      }
      if (claimed.attempts > this.maxAttempts) {
        await this.queue.giveUp(claimed, 'interrupted-repeatedly');
        continue;
      }
      const abort = new AbortController();
      const run = this.runWithLease(claimed, abort.signal)
        .catch((error: unknown) =>
          this.log.error({ err: error, [this.idField]: claimed.id }, `${this.queue.noun} run could not be closed`),
        )
        .finally(() => {
          this.running.delete(claimed.id);
          this.poll();
        });
      this.running.set(claimed.id, { job: claimed, done: run, abort });
    }
  }

  private async runWithLease(job: Job, signal: AbortSignal): Promise<void> {
    const heartbeat = setInterval(
      () => {
        void this.queue
          .renew(job, this.leaseSeconds)
          .catch((error: unknown) =>
            this.log.warn({ err: error, [this.idField]: job.id }, `could not renew ${this.queue.noun} lease`),
          );
      },
      (this.leaseSeconds * 1000) / 3,
    );
    try {
      await this.options.run(job, signal);
    } catch (error) {
      this.log.error({ err: error, [this.idField]: job.id }, `${this.queue.noun} run crashed`);
      if (!this.stopped) await this.queue.giveUp(job, 'crashed');
    } finally {
      clearInterval(heartbeat);
    }
  }
}
