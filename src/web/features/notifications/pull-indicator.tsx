import { ArrowDown, RefreshCw } from 'lucide-react';
import { cn } from '../../lib/utils';
import { pullTriggers } from './pull-to-refresh';

/** What a pull on a touch screen shows: how far, whether letting go refreshes, and the refresh itself. */
export function PullIndicator({ distance, refreshing }: { distance: number; refreshing: boolean }) {
  if (distance === 0 && !refreshing) return null;
  const ready = pullTriggers(distance);
  const label = refreshing ? 'Refreshing...' : ready ? 'Release to refresh' : 'Pull to refresh';
  return (
    <div
      role="status"
      className="-mb-6 flex items-end justify-center overflow-hidden text-sm text-muted-foreground"
      style={{ height: refreshing ? 48 : distance }}
    >
      <span className="flex items-center gap-2 pb-3">
        {refreshing ? (
          <RefreshCw className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <ArrowDown className={cn('size-4 transition-transform', ready && 'rotate-180')} aria-hidden="true" />
        )}
        {label}
      </span>
    </div>
  );
}
