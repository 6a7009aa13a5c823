import { Award, Ban, CircleX, Clock, History, Hourglass } from 'lucide-react';
import type { CertificateStatus } from '../../../shared/certificate-rules';
import { Badge } from '../../components/ui/badge';
import { CERTIFICATE_STATUS_LABELS } from './certificate-display';

// Text on a tint of its own colour, as the check status badges are: readable on light and dark cards.
const STATUS_STYLES: Record<CertificateStatus, { icon: typeof Award; className: string }> = {
  issued: { icon: Award, className: 'border-success/30 bg-success/15 text-success' },
  pending: { icon: Hourglass, className: 'border-warning/40 bg-warning/15 text-warning' },
  rejected: { icon: CircleX, className: 'border-destructive/40 bg-destructive/15 text-destructive' },
  revoked: { icon: Ban, className: 'border-transparent bg-destructive text-destructive-foreground' },
  expired: { icon: Clock, className: 'border-border bg-muted text-muted-foreground' },
  superseded: { icon: History, className: 'border-transparent bg-secondary text-secondary-foreground' },
};

/** `labelled` says "Status:" to screen readers, where no label stands beside the badge. */
export function CertificateStatusBadge({ status, labelled = true }: { status: CertificateStatus; labelled?: boolean }) {
  const { icon: Icon, className } = STATUS_STYLES[status];
  return (
    <Badge variant="outline" className={className}>
      <Icon aria-hidden="true" />
      {labelled && <span className="sr-only">Status: </span>}
      {CERTIFICATE_STATUS_LABELS[status]}
    </Badge>
  );
}
