import { ShieldCheck } from 'lucide-react';
import { cn } from '../lib/utils';

export const PRODUCT_NAME = 'Rampart';

export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-8 items-center justify-center rounded-lg bg-linear-to-br from-primary to-indigo-700 text-primary-foreground shadow-md shadow-primary/30',
        className,
      )}
    >
      <ShieldCheck className="size-5" />
    </span>
  );
}

/** Logo and product name; `tagline` adds the one-line description under the name. */
export function Brand({ tagline = false, className }: { tagline?: boolean; className?: string }) {
  return (
    <span className={cn('flex items-center gap-2.5', className)}>
      <BrandMark />
      <span className="flex flex-col leading-tight">
        <span className="text-base font-bold tracking-tight">{PRODUCT_NAME}</span>
        {tagline && <span className="text-xs text-muted-foreground">Discord server security</span>}
      </span>
    </span>
  );
}
