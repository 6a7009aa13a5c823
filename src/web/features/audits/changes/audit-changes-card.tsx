import { Equal, GitCompareArrows, TrendingDown, TrendingUp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { AuditDiff } from '../../../../shared/contracts/audit-insights';
import type { Audit } from '../../../../shared/contracts/audits';
import { useAuditDiff } from '../../../api/audits/audit-insights';
import { LoadingStatus } from '../../../components/loading-status';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { formatDateTime } from '../../../lib/format-date';
import { cn } from '../../../lib/utils';
import {
  CHANGE_SECTIONS,
  FIRST_AUDIT_TEXT,
  comparableAudits,
  describeScoreChange,
  hasNoChanges,
  type ScoreDirection,
} from './audit-changes';
import { CheckChangeList, UnchangedChecks } from './check-change-list';

const DIRECTION_STYLE: Record<ScoreDirection, { icon: typeof TrendingUp; className: string }> = {
  up: { icon: TrendingUp, className: 'text-success' },
  down: { icon: TrendingDown, className: 'text-destructive' },
  same: { icon: Equal, className: 'text-muted-foreground' },
};

/** Only completed audits are compared, so each has its completion time. */
function auditLabel(audit: Pick<Audit, 'completedAt' | 'riskScore' | 'trigger'>): string {
  const when = audit.completedAt === null ? 'unknown time' : formatDateTime(audit.completedAt);
  const score = audit.riskScore === null ? 'no score' : `score ${audit.riskScore}`;
  return `${when} (${score}${audit.trigger === 'scheduled' ? ', scheduled' : ''})`;
}

function ScoreChange({ diff }: { diff: AuditDiff }) {
  const change = describeScoreChange(diff.against?.riskScore ?? null, diff.audit.riskScore);
  if (change === null) return null;
  const { icon: Icon, className } = DIRECTION_STYLE[change.direction];
  return (
    <p className={cn('flex items-center gap-2 text-2xl font-bold tabular-nums', className)}>
      <Icon className="size-6" aria-hidden="true" />
      <span aria-hidden="true">{change.visible}</span>
      <span className="sr-only">{change.spoken}</span>
    </p>
  );
}

function CompareWith({
  options,
  value,
  onChange,
}: {
  options: readonly Audit[];
  value: string | undefined;
  onChange: (auditId: string) => void;
}) {
  const id = useId();
  if (options.length === 0) return null;
  return (
    <div className="grid gap-1.5 sm:w-80">
      <Label htmlFor={id}>Compare with</Label>
      <Select value={value ?? ''} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue placeholder="The previous audit" />
        </SelectTrigger>
        <SelectContent>
          {options.map((audit) => (
            <SelectItem key={audit.id} value={audit.id}>
              {auditLabel(audit)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function DiffBody({ diff }: { diff: AuditDiff }) {
  if (diff.against === null) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
        {FIRST_AUDIT_TEXT}
      </p>
    );
  }
  return (
    <div className="grid gap-5">
      <ScoreChange diff={diff} />
      {hasNoChanges(diff) && (
        <p className="text-sm text-muted-foreground">No changes: every check found what it found last time.</p>
      )}
      {CHANGE_SECTIONS.map((section) => (
        <section key={section.key} className="grid gap-2" aria-label={section.title}>
          <h3 className="font-semibold">
            {section.title} ({diff.checks[section.key].length})
          </h3>
          <CheckChangeList checks={diff.checks[section.key]} empty={section.empty} />
        </section>
      ))}
      <UnchangedChecks checks={diff.checks.unchanged} />
    </div>
  );
}

interface AuditChangesCardProps {
  /** The completed audit whose changes are shown. */
  audit: Audit;
  /** The server's audits, for the choice of what to compare with. */
  audits: readonly Audit[];
  /** Arrived here for this card (a drift alert's or the history's 'What changed' link): bring it into view. */
  scrollIntoView: boolean;
}

/** 'What changed since the last audit': the difference between one completed audit and another of its server. */
export function AuditChangesCard({ audit, audits, scrollIntoView }: AuditChangesCardProps) {
  const [againstId, setAgainstId] = useState<string | undefined>(undefined);
  const diff = useAuditDiff(audit.id, againstId);
  const titleId = useId();
  const cardRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scrollIntoView) cardRef.current?.scrollIntoView({ block: 'start' });
  }, [scrollIntoView]);

  return (
    <Card ref={cardRef} role="region" aria-labelledby={titleId} className="scroll-mt-20">
      <CardHeader className="flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle id={titleId} className="flex items-center gap-2">
            <GitCompareArrows className="size-5 text-primary" aria-hidden="true" />
            What changed since the last audit
          </CardTitle>
          <CardDescription>
            The audit of {auditLabel(audit)}
            {diff.data?.against != null && `, compared with the audit of ${auditLabel(diff.data.against)}`}.
          </CardDescription>
        </div>
        <CompareWith
          options={comparableAudits(audits, audit.id)}
          value={againstId ?? diff.data?.against?.id}
          onChange={setAgainstId}
        />
      </CardHeader>
      <CardContent>
        {diff.isPending ? (
          <LoadingStatus label="Comparing the audits..." className="py-0" />
        ) : diff.isError ? (
          <p className="text-sm text-destructive">The changes could not be loaded. Please refresh the page.</p>
        ) : (
          <DiffBody diff={diff.data} />
        )}
      </CardContent>
    </Card>
  );
}
