import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader } from './ui/card';

export interface SummaryFigure {
  label: string;
  /** Null while loading (or when there is nothing to show). */
  value: string | null;
  icon: LucideIcon;
}

/** One figure of the admin page's summary row. */
export function SummaryCard({ label, value, icon: Icon }: SummaryFigure) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <Icon className="size-4 text-primary" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold tabular-nums">{value ?? '–'}</p>
      </CardContent>
    </Card>
  );
}
