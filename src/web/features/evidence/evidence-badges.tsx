import { CircleCheck, CircleX, Clock, MessageCircle, ShieldCheck } from 'lucide-react';
import { THREAD_STATUS_LABELS, type EvidenceStatus, type ThreadStatus } from '../../../shared/evidence-rules';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/utils';

const THREAD_STYLES: Record<ThreadStatus, { icon: typeof Clock; className: string }> = {
  OPEN: { icon: MessageCircle, className: 'border-border bg-muted text-foreground' },
  PENDING_ADMIN: { icon: Clock, className: 'border-warning/40 bg-warning/15 text-foreground' },
  PENDING_USER: { icon: MessageCircle, className: 'border-primary/40 bg-primary/15 text-foreground' },
  RESOLVED: { icon: ShieldCheck, className: 'border-success/40 bg-success/15 text-foreground' },
};

export function ThreadStatusBadge({ status }: { status: ThreadStatus }) {
  const { icon: Icon, className } = THREAD_STYLES[status];
  return (
    <Badge variant="outline" className={cn(className, 'whitespace-normal')}>
      <Icon aria-hidden="true" />
      {THREAD_STATUS_LABELS[status]}
    </Badge>
  );
}

const EVIDENCE_STYLES: Record<EvidenceStatus, { label: string; icon: typeof Clock; className: string }> = {
  PENDING: { label: 'Pending', icon: Clock, className: 'border-warning/40 bg-warning/15 text-foreground' },
  APPROVED: { label: 'Approved', icon: CircleCheck, className: 'border-success/40 bg-success/15 text-foreground' },
  REJECTED: { label: 'Rejected', icon: CircleX, className: 'border-destructive/40 bg-destructive/15 text-foreground' },
};

export function EvidenceStatusBadge({ status }: { status: EvidenceStatus }) {
  const { label, icon: Icon, className } = EVIDENCE_STYLES[status];
  return (
    <Badge variant="outline" className={className}>
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}
