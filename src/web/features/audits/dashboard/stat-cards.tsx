import { CalendarClock, CircleCheck, ShieldAlert, ShieldHalf, Ticket, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { countsAsPassed, riskLabel } from '../../../../shared/check-rules';
import type { AuditUsage, AuditWithChecks } from '../../../../shared/contracts/audits';
import { LoadingStatus } from '../../../components/loading-status';
import { Card } from '../../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { criticalFailures } from '../audit-summary';
import { NoAuditData } from './no-audit-data';
import { formatDate } from '../../../lib/format-date';
import { cn } from '../../../lib/utils';

// The details (evidence, charts) load when a card is first opened: the dashboard shows without them.
const loadDetails = () => import('./stat-details');
const ScoreDetails = lazy(() => loadDetails().then((module) => ({ default: module.ScoreDetails })));
const CriticalIssuesDetails = lazy(() => loadDetails().then((module) => ({ default: module.CriticalIssuesDetails })));
const PassedChecksDetails = lazy(() => loadDetails().then((module) => ({ default: module.PassedChecksDetails })));
const LastAuditDetails = lazy(() => loadDetails().then((module) => ({ default: module.LastAuditDetails })));

interface StatCardProps {
  title: string;
  value: ReactNode;
  hint: string;
  icon: LucideIcon;
  tone?: 'default' | 'danger' | 'good';
  /** With dialog content the card is a button that opens it (the first four cards). */
  dialog?: { title: string; description: string; body: ReactNode };
}

const TONES = {
  default: 'text-primary bg-primary/15',
  danger: 'text-destructive bg-destructive/15',
  good: 'text-success bg-success/15',
};

function StatCard({ title, value, hint, icon: Icon, tone = 'default', dialog }: StatCardProps) {
  const face = (
    <>
      <span className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
        {title}
        <span className={cn('flex size-8 items-center justify-center rounded-lg', TONES[tone])}>
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </span>
      <span className="text-2xl font-bold tracking-tight tabular-nums">{value}</span>
      <span className="text-xs text-muted-foreground">{hint}</span>
    </>
  );
  if (dialog === undefined) return <Card className="flex flex-col gap-2 p-5">{face}</Card>;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button
          type="button"
          className="flex flex-col gap-2 rounded-xl border bg-card p-5 text-left shadow-sm transition-colors hover:border-primary/50 hover:bg-accent/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {face}
          <span className="sr-only">Show details</span>
        </button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{dialog.title}</DialogTitle>
          <DialogDescription>{dialog.description}</DialogDescription>
        </DialogHeader>
        <Suspense fallback={<LoadingStatus label="Loading the details..." />}>{dialog.body}</Suspense>
      </DialogContent>
    </Dialog>
  );
}

const STAT_CARD_TITLES = [
  ['Security Score', ShieldHalf],
  ['Critical Issues', ShieldAlert],
  ['Checks Passed', CircleCheck],
  ['Last Audit', CalendarClock],
  ['Audits Remaining', Ticket],
] as const;

function gridClass(withUsage: boolean): string {
  return cn('grid gap-4 sm:grid-cols-2', withUsage ? 'lg:grid-cols-3 xl:grid-cols-5' : 'xl:grid-cols-4');
}

/** The stat cards' place while the audit loads: the same cards and sizes, a placeholder for each figure. */
export function StatCardsSkeleton({ withUsage }: { withUsage: boolean }) {
  const titles = withUsage ? STAT_CARD_TITLES : STAT_CARD_TITLES.slice(0, 4);
  return (
    <div className={gridClass(withUsage)} aria-hidden="true">
      {titles.map(([title, icon]) => (
        <StatCard
          key={title}
          title={title}
          value={<span className="inline-block h-6 w-16 animate-pulse rounded-md bg-muted align-middle" />}
          hint="Loading..."
          icon={icon}
        />
      ))}
    </div>
  );
}

interface StatCardsProps {
  audit: AuditWithChecks | undefined;
  /** Null for admins, who have no quota. */
  usage: AuditUsage | undefined | null;
  /** The usage could not be loaded, so "Loading..." would never end. */
  usageFailed?: boolean;
}

/** Security Score, Critical Issues, Checks Passed, Last Audit and, for owners, Audits Remaining. */
export function StatCards({ audit, usage, usageFailed = false }: StatCardsProps) {
  const checks = audit?.checkResults ?? [];
  const critical = criticalFailures(checks);
  const passed = checks.filter((check) => countsAsPassed(check.status));
  const score = audit?.riskScore ?? null;
  const noData = <NoAuditData />;
  return (
    <div className={gridClass(usage !== null)}>
      <StatCard
        title="Security Score"
        value={score === null ? '—' : `${score}/100`}
        hint={score === null ? 'No audit yet' : riskLabel(score)}
        icon={ShieldHalf}
        tone={score === null || score >= 80 ? 'default' : 'danger'}
        dialog={{
          title: 'Security Score',
          description: 'How your latest audit scored, and where the failures are.',
          body: audit === undefined ? noData : <ScoreDetails audit={audit} />,
        }}
      />
      <StatCard
        title="Critical Issues"
        value={audit === undefined ? '—' : String(critical.length)}
        hint="Failed critical and high checks"
        icon={ShieldAlert}
        tone={critical.length > 0 ? 'danger' : 'good'}
        dialog={{
          title: 'Critical Issues',
          description: 'Failed checks of critical or high severity, with what the audit found.',
          body: audit === undefined ? noData : <CriticalIssuesDetails checks={critical} />,
        }}
      />
      <StatCard
        title="Checks Passed"
        value={audit === undefined ? '—' : `${passed.length}/${checks.length}`}
        hint="Passed or waived"
        icon={CircleCheck}
        tone="good"
        dialog={{
          title: 'Checks Passed',
          description: 'Checks your server passes, including waived ones.',
          body: audit === undefined ? noData : <PassedChecksDetails checks={passed} />,
        }}
      />
      <StatCard
        title="Last Audit"
        value={audit?.completedAt ? formatDate(audit.completedAt) : 'Never'}
        hint={audit === undefined ? 'Run your first audit' : 'Latest completed audit'}
        icon={CalendarClock}
        dialog={{
          title: 'Last Audit',
          description: 'Details of the latest completed audit.',
          body: audit === undefined ? noData : <LastAuditDetails audit={audit} />,
        }}
      />
      {usage !== null && (
        <StatCard
          title="Audits Remaining"
          value={usage === undefined ? '—' : String(usage.remaining)}
          hint={usage !== undefined ? `${usage.auditsUsed} used` : usageFailed ? 'Unavailable' : 'Loading...'}
          icon={Ticket}
        />
      )}
    </div>
  );
}
