import { CircleCheck, CircleHelp, CircleX, ShieldCheck } from 'lucide-react';
import type { CheckStatus, Severity } from '../../../shared/audit-contract';
import type { AuditStatus } from '../../../shared/contracts/audits';
import { riskBadgeVariant } from './audit-summary';
import { cn } from '../../lib/utils';
import { Badge } from '../../components/ui/badge';

/** Severity colours, shared by badges, chips and the severity chart so one severity looks the same everywhere. */
export const SEVERITY_STYLES: Record<Severity, { label: string; badge: string; fill: string }> = {
  CRITICAL: {
    label: 'Critical',
    badge: 'border-transparent bg-destructive text-destructive-foreground',
    fill: 'var(--color-destructive)',
  },
  HIGH: {
    label: 'High',
    badge: 'border-orange-500/40 bg-orange-500/15 text-orange-800 dark:text-orange-300',
    fill: 'oklch(0.7 0.17 50)',
  },
  MEDIUM: { label: 'Medium', badge: 'border-warning/40 bg-warning/15 text-warning', fill: 'var(--color-warning)' },
  LOW: {
    label: 'Low',
    badge: 'border-transparent bg-secondary text-secondary-foreground',
    fill: 'var(--color-muted-foreground)',
  },
};

export function SeverityBadge({ severity, className }: { severity: Severity; className?: string }) {
  const style = SEVERITY_STYLES[severity];
  return (
    <Badge variant="outline" className={cn(style.badge, className)}>
      {style.label}
    </Badge>
  );
}

const STATUS_STYLES: Record<CheckStatus, { label: string; icon: typeof CircleCheck; className: string }> = {
  PASS: { label: 'Passed', icon: CircleCheck, className: 'border-success/30 bg-success/15 text-success' },
  FAIL: { label: 'Failed', icon: CircleX, className: 'border-destructive/40 bg-destructive/15 text-destructive' },
  WAIVED: { label: 'Waived', icon: ShieldCheck, className: 'border-primary/30 bg-primary/15 text-primary' },
  // UNKNOWN is neither good nor bad: grey, so it never reads as a pass or a failure.
  UNKNOWN: { label: 'Unknown', icon: CircleHelp, className: 'border-border bg-muted text-muted-foreground' },
};

export function CheckStatusBadge({ status }: { status: CheckStatus }) {
  const { label, icon: Icon, className } = STATUS_STYLES[status];
  return (
    <Badge variant="outline" className={className}>
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}

/** History badge: default from 90, secondary from 70, destructive below. */
export function RiskScoreBadge({ score }: { score: number | null }) {
  if (score === null) return <Badge variant="outline">No score</Badge>;
  return <Badge variant={riskBadgeVariant(score)}>{score}/100</Badge>;
}

const AUDIT_STATUS_LABELS: Record<AuditStatus, string> = {
  pending: 'Pending',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
};

export function AuditStatusBadge({ status }: { status: AuditStatus }) {
  return (
    <Badge
      variant="outline"
      className={cn(
        status === 'failed' && 'border-destructive/40 text-destructive',
        status === 'completed' && 'border-success/30 text-success',
        (status === 'pending' || status === 'running') && 'border-primary/30 text-primary',
      )}
    >
      {AUDIT_STATUS_LABELS[status]}
    </Badge>
  );
}
