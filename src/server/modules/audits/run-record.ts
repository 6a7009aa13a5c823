import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedAudit } from '../../jobs/audit-queue.js';
import type { Metrics } from '../../metrics/metrics.js';
import type { AuditRunReport } from './runner.js';

/** A run that threw (the worker logs the error and retries or gives up): known only to have failed. */
const CRASHED: AuditRunReport = { outcome: 'failed', serverId: null, trigger: null, restCalls: null };

/** The line written once per run, however it ended. */
export const AUDIT_RUN_FINISHED = 'audit run finished';

/**
 * Times each run and records how it ended: once in the run-duration histogram, and once as one log line
 * with everything an operator asks about a run (warn when it failed, so failures stand out).
 */
export function recordRuns(
  run: (claim: ClaimedAudit) => Promise<AuditRunReport>,
  deps: { metrics: Metrics; log: FastifyBaseLogger },
): (claim: ClaimedAudit) => Promise<void> {
  return async (claim) => {
    const started = performance.now();
    let report = CRASHED;
    try {
      report = await run(claim);
    } finally {
      const durationMs = Math.round(performance.now() - started);
      deps.metrics.auditRuns.observe(
        { outcome: report.outcome, trigger: report.trigger ?? 'unknown' },
        durationMs / 1000,
      );
      const line = {
        auditId: claim.id,
        serverId: report.serverId,
        trigger: report.trigger,
        outcome: report.outcome,
        durationMs,
        restCalls: report.restCalls,
        attempt: claim.attempts,
      };
      if (report.outcome === 'failed') deps.log.warn(line, AUDIT_RUN_FINISHED);
      else deps.log.info(line, AUDIT_RUN_FINISHED);
    }
  };
}
