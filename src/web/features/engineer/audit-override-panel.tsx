import { ListChecks } from 'lucide-react';
import { useState } from 'react';
import type { StoredCheckResult } from '../../../shared/contracts/audits';
import { useAudit } from '../../api/audits/audit-queries';
import { LoadError } from '../../components/load-error';
import { LoadingStatus } from '../../components/loading-status';
import { CheckOverrideDialog } from './check-override-dialog';
import { EngineerSummary } from './engineer-summary';
import { failedOrOverridden } from './engineer-rules';
import { OverrideCheckCard } from './override-check-card';

/** The selected audit: its summary and each failed or overridden check, to override or back with evidence. */
export function AuditOverridePanel({ auditId, isAdmin }: { auditId: string; isAdmin: boolean }) {
  const audit = useAudit(auditId);
  const [overriding, setOverriding] = useState<StoredCheckResult | null>(null);
  if (audit.isPending) return <LoadingStatus label="Loading the audit..." />;
  if (audit.isError) return <LoadError title="The audit could not be loaded." onRetry={() => void audit.refetch()} />;
  const checks = failedOrOverridden(audit.data.checkResults);
  // The dialog follows the check as the audit is read again, so "Update" appears once it is overridden.
  const current = overriding === null ? null : (audit.data.checkResults.find((c) => c.id === overriding.id) ?? null);
  return (
    <div className="grid gap-4">
      <EngineerSummary audit={audit.data} />
      <section aria-labelledby="engineer-checks" className="grid gap-3">
        <h2 id="engineer-checks" className="text-lg font-semibold">
          Failed and overridden checks
        </h2>
        {checks.length === 0 ? (
          <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-6 text-center text-sm">
            <ListChecks className="size-6 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No failed checks or overrides found</p>
          </div>
        ) : (
          <ul className="grid gap-3">
            {checks.map((check) => (
              <OverrideCheckCard key={check.id} auditId={auditId} check={check} onOverride={setOverriding} />
            ))}
          </ul>
        )}
      </section>
      <CheckOverrideDialog check={current} isAdmin={isAdmin} onClose={() => setOverriding(null)} />
    </div>
  );
}
