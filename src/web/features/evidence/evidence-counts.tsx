import { CircleCheck, CircleX, Clock, Files } from 'lucide-react';
import { cn } from '../../lib/utils';
import type { EvidenceCounts } from './evidence-text';

const TILES = [
  { key: 'total', label: 'Total', icon: Files, className: 'text-primary' },
  { key: 'pending', label: 'Pending', icon: Clock, className: 'text-warning' },
  { key: 'approved', label: 'Approved', icon: CircleCheck, className: 'text-success' },
  { key: 'rejected', label: 'Rejected', icon: CircleX, className: 'text-destructive' },
] as const;

/** Total, pending, approved and rejected submissions, as four tiles. */
export function EvidenceCountCards({ counts }: { counts: EvidenceCounts }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {TILES.map(({ key, label, icon: Icon, className }) => (
        <div key={key} className="grid gap-1 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
          <dt className="flex items-center gap-2 text-sm text-muted-foreground">
            <Icon className={cn('size-4 shrink-0', className)} aria-hidden="true" />
            {label}
          </dt>
          <dd className="text-2xl font-bold tabular-nums">{counts[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
