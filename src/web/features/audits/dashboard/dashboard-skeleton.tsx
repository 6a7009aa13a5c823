import { StatCardsSkeleton } from './stat-cards';

/** Tall enough for its card's content, so the page below does not move when it arrives. */
const CARD_PLACEHOLDER_CLASS = 'h-64 animate-pulse rounded-xl border bg-muted/40';

/**
 * The dashboard's shape while its server, audits and quota load: stat cards and the card grid at
 * their sizes, so nothing already on screen moves when the figures arrive.
 */
export function DashboardSkeleton({ withUsage }: { withUsage: boolean }) {
  return (
    <div className="grid gap-6">
      <p role="status" className="sr-only">
        Loading your dashboard...
      </p>
      <StatCardsSkeleton withUsage={withUsage} />
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
        <div className={CARD_PLACEHOLDER_CLASS} />
        <div className={CARD_PLACEHOLDER_CLASS} />
        <div className={CARD_PLACEHOLDER_CLASS} />
      </div>
    </div>
  );
}
