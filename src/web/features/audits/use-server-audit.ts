import { useAudit, useAuditUsage, useServerAudits } from '../../api/audits/audit-queries';
import { pickAudits } from './audit-summary';
import { useRunAudit } from './use-run-audit';

/**
 * What a page about one server's audits needs: its audits, the latest one, the newest completed one
 * with its checks (the figures of record), the run in progress, the quota when asked for, and
 * running a new audit. A run in progress or a failed run shows beside the completed figures
 * instead of blanking them.
 */
export function useServerAudit(serverId: string | undefined, options: { withUsage: boolean }) {
  const audits = useServerAudits(serverId);
  const { latest, latestCompleted, active } = pickAudits(audits.data);
  const detail = useAudit(latestCompleted?.id);
  const usage = useAuditUsage(serverId, { enabled: options.withUsage });
  const runAudit = useRunAudit();
  return {
    audits,
    latest,
    latestCompleted,
    active,
    detail,
    usage,
    isStarting: runAudit.isPending,
    /** An audit of the server is pending or running, or one is being started. */
    busy: active !== undefined || runAudit.isPending,
    run: () => runAudit.run(serverId),
  };
}
