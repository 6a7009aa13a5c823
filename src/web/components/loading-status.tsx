import { cn } from '../lib/utils';
import { Spinner } from './ui/spinner';

/** An inline "loading…" line that screen readers announce. */
export function LoadingStatus({ label, className }: { label: string; className?: string }) {
  return (
    <p role="status" className={cn('flex items-center gap-2 py-6 text-sm text-muted-foreground', className)}>
      <Spinner className="size-4" />
      {label}
    </p>
  );
}
