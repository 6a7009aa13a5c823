import type { Severity } from '../../../../shared/audit-contract';
import { Badge } from '../../../components/ui/badge';

const SEVERITY_STYLES: Record<Severity, { label: string; className: string }> = {
  CRITICAL: { label: 'Critical', className: 'border-transparent bg-destructive text-destructive-foreground' },
  HIGH: { label: 'High', className: 'border-orange-500/40 bg-orange-500/15 text-orange-800 dark:text-orange-300' },
  MEDIUM: { label: 'Medium', className: 'border-warning/40 bg-warning/15 text-warning' },
  LOW: { label: 'Low', className: 'border-transparent bg-secondary text-secondary-foreground' },
};

export function SeverityBadge({ severity }: { severity: Severity }) {
  const { label, className } = SEVERITY_STYLES[severity];
  return (
    <Badge variant="outline" className={className}>
      {label}
    </Badge>
  );
}
