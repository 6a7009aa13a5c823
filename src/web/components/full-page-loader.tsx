import { BrandMark } from './brand';
import { Spinner } from './ui/spinner';

export function FullPageLoader({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
      className="flex min-h-dvh flex-col items-center justify-center gap-4"
    >
      <BrandMark className="size-12 [&_svg]:size-7" />
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        <span>{label}</span>
      </div>
    </div>
  );
}
