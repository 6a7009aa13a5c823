import { Gavel } from 'lucide-react';
import { useId } from 'react';
import type { StoredCheckResult } from '../../../shared/contracts/audits';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatDateTime } from '../../lib/format-date';
import { isOverridden, overriddenStatus } from './engineer-rules';
import { OverrideEvidenceForm } from './override-evidence-form';

const STATUS_LABEL: Record<StoredCheckResult['status'], string> = {
  PASS: 'Passed',
  FAIL: 'Failed',
  WAIVED: 'Waived',
  UNKNOWN: 'Unknown',
};

function OverrideRecord({ check }: { check: StoredCheckResult }) {
  const selfAttested = check.overrideKind === 'self_attested';
  return (
    <div
      className={
        selfAttested
          ? 'grid gap-1 rounded-md border border-warning/60 bg-warning/10 px-3 py-2 text-sm'
          : 'grid gap-1 rounded-md border border-primary/30 bg-primary/5 px-3 py-2 text-sm'
      }
    >
      <p>
        <span className="font-medium">
          {selfAttested ? 'Self-attested' : 'Staff decision'}: {STATUS_LABEL[overriddenStatus(check)]}
        </span>
        {check.overriddenBy !== null && <> by {check.overriddenBy}</>}
        {check.overriddenAt !== null && <> on {formatDateTime(check.overriddenAt)}</>}
      </p>
      <p>
        <span className="font-medium">Reason: </span>
        {check.overrideReason ?? check.waiveReason ?? 'No reason given.'}
      </p>
      {selfAttested && (
        <p className="text-muted-foreground">
          Not verified by Rampart, so it counts neither in the score nor toward a certificate.
        </p>
      )}
      {check.overrideEvidence !== null && (
        <p className="whitespace-pre-wrap">
          <span className="font-medium">Evidence</span>
          {check.overrideEvidenceAt !== null && <> ({formatDateTime(check.overrideEvidenceAt)})</>}:{' '}
          {check.overrideEvidence}
        </p>
      )}
    </div>
  );
}

/** One failed or overridden check: its status, any override on record, and the actions on it. */
export function OverrideCheckCard({
  auditId,
  check,
  onOverride,
}: {
  auditId: string;
  check: StoredCheckResult;
  onOverride: (check: StoredCheckResult) => void;
}) {
  const titleId = useId();
  const overridden = isOverridden(check);
  return (
    <li aria-labelledby={titleId} className="grid gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <h3 id={titleId} className="font-semibold">
            {check.checkName}
          </h3>
          <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
            <Badge variant={check.status === 'FAIL' ? 'destructive' : 'secondary'}>{STATUS_LABEL[check.status]}</Badge>
            {overridden && <Badge variant="outline">OVERRIDDEN</Badge>}
            <Badge variant="outline">{check.severity}</Badge>
            <span>{check.category}</span>
          </div>
        </div>
        <Button variant="outline" size="sm" className="w-fit" onClick={() => onOverride(check)}>
          <Gavel aria-hidden="true" />
          {overridden ? 'Update Override' : 'Override'}
          <span className="sr-only"> {check.checkName}</span>
        </Button>
      </div>
      {check.status === 'WAIVED' && !overridden && check.waiveReason !== null && (
        <p className="text-sm">
          <span className="font-medium">Waived: </span>
          {check.waiveReason}
        </p>
      )}
      {overridden && <OverrideRecord check={check} />}
      {overridden && <OverrideEvidenceForm key={check.overrideEvidenceAt ?? 'none'} auditId={auditId} check={check} />}
    </li>
  );
}
