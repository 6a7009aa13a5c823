import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/utils';

/** Decorative: pair it with text or a role="status" container that says what is loading. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin text-muted-foreground', className)} />;
}
