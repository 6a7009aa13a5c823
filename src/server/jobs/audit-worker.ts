import type { Database } from '../db/client.js';
import { type ClaimedAudit, createAuditQueue } from './audit-queue.js';
import { LeasedWorker, type LeasedWorkerOptions } from './leased-worker.js';

export interface AuditWorkerOptions extends Omit<LeasedWorkerOptions<ClaimedAudit>, 'queue'> {
  db: Database;
  /** Fails a claimed audit for good, if the claim still holds it. */
  giveUp(audit: ClaimedAudit, reason: string): Promise<void>;
}

/**
 * Runs queued audits in the background: the generic leased worker over the audits table, so several
 * instances share the queue and a run interrupted by a stop or a crash is taken up again.
 */
export class AuditWorker extends LeasedWorker<ClaimedAudit> {
  constructor({ db, giveUp, ...worker }: AuditWorkerOptions) {
    super({ ...worker, queue: createAuditQueue({ db, giveUp }) });
  }
}
