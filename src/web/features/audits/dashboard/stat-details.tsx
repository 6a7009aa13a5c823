import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import type { AuditWithChecks, StoredCheckResult } from '../../../../shared/contracts/audits';
import { AuditStatusBadge } from '../audit-badges';
import { ScoreGauge } from '../score-gauge';
import { SeverityChart } from '../severity-chart';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format-date';
import { CheckEvidenceList } from './check-evidence-list';

function ViewResults({ auditId }: { auditId: string }) {
  return (
    <Button asChild variant="outline" className="justify-self-start">
      <Link href={`/audits/${encodeURIComponent(auditId)}`}>
        View full results
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}

export function ScoreDetails({ audit }: { audit: AuditWithChecks }) {
  return (
    <div className="grid gap-5">
      <div className="grid items-center gap-6 sm:grid-cols-2">
        <ScoreGauge score={audit.riskScore ?? 0} />
        <SeverityChart audit={audit} />
      </div>
      <p className="text-sm text-muted-foreground">
        The score weighs each check by its severity: passed and waived checks count for you, failed ones against you.
        Checks marked Unknown could not be evaluated and are left out.
      </p>
      <ViewResults auditId={audit.id} />
    </div>
  );
}

export function CriticalIssuesDetails({ checks }: { checks: StoredCheckResult[] }) {
  if (checks.length === 0)
    return <p className="text-sm text-muted-foreground">No failed checks of critical or high severity.</p>;
  return <CheckEvidenceList checks={checks} expanded={checks.length <= 2} label="Critical issues" />;
}

export function PassedChecksDetails({ checks }: { checks: StoredCheckResult[] }) {
  if (checks.length === 0)
    return <p className="text-sm text-muted-foreground">No checks passed in the latest audit.</p>;
  return <CheckEvidenceList checks={checks} label="Passed checks" />;
}

export function LastAuditDetails({ audit }: { audit: AuditWithChecks }) {
  const rows: [string, string | number][] = [
    ['Started', formatDateTime(audit.createdAt)],
    ['Completed', audit.completedAt === null ? 'Not yet' : formatDateTime(audit.completedAt)],
    ['Total checks', audit.totalChecks],
    ['Passed', audit.passedChecks],
    ['Failed', audit.failedChecks],
    ['Unknown', audit.unknownChecks],
  ];
  return (
    <div className="grid gap-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <AuditStatusBadge status={audit.status} />
        </dd>
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <ViewResults auditId={audit.id} />
    </div>
  );
}
