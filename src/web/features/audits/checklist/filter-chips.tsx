import { CHECK_FILTERS, type CheckFilter } from '../audit-summary';
import { cn } from '../../../lib/utils';

interface FilterChipsProps {
  value: CheckFilter;
  counts: Record<CheckFilter, number>;
  onChange: (filter: CheckFilter) => void;
}

/** All, Critical, High, Medium, Low and Passed, each with its count. */
export function FilterChips({ value, counts, onChange }: FilterChipsProps) {
  return (
    <div role="group" aria-label="Filter checks" className="flex flex-wrap gap-2">
      {CHECK_FILTERS.map(({ id, label }) => {
        const active = value === id;
        return (
          <button
            key={id}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(id)}
            className={cn(
              'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              active
                ? 'border-primary bg-primary text-primary-foreground'
                : 'bg-background/40 text-muted-foreground hover:bg-accent hover:text-accent-foreground',
            )}
          >
            {label}
            <span
              className={cn(
                'rounded-full px-1.5 text-xs tabular-nums',
                active ? 'bg-primary-foreground/10' : 'bg-muted',
              )}
            >
              {counts[id]}
            </span>
          </button>
        );
      })}
    </div>
  );
}
