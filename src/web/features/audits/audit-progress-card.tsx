import { Check, Clock, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { Audit } from '../../../shared/contracts/audits';
import { AUDIT_PROGRESS_STEPS, auditProgress } from './audit-progress';
import { cn } from '../../lib/utils';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';

/** Time-based progress moves between polls, so the card re-renders on its own clock. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function minutesText(minutes: number): string {
  return minutes === 1 ? 'About 1 minute remaining' : `About ${minutes} minutes remaining`;
}

/** Shown while an audit is pending or running: step, percent and time left. */
export function AuditProgressCard({ audit, serverName }: { audit: Audit; serverName?: string | undefined }) {
  const titleId = useId();
  const now = useNow(1000);
  const progress = auditProgress(audit, now);
  const pending = audit.status === 'pending';
  return (
    <Card aria-labelledby={titleId} role="region" className="border-primary/40">
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden="true" />
          {pending ? 'Audit queued' : 'Audit in progress'}
        </CardTitle>
        <CardDescription>
          {serverName === undefined ? 'Rampart is checking your server.' : `Rampart is checking ${serverName}.`} You can
          leave this page; the results will be here when you come back.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {/* Announces step changes only; the percent changes too often to be read out. */}
        <p aria-live="polite" className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
          <span className="font-medium">
            {pending
              ? 'Waiting to start'
              : `Step ${progress.step + 1} of ${AUDIT_PROGRESS_STEPS.length}: ${progress.label}`}
          </span>
          <span className="flex items-center gap-1 text-muted-foreground">
            <Clock className="size-3.5" aria-hidden="true" />
            {minutesText(progress.remainingMinutes)}
          </span>
        </p>
        <div className="flex items-center gap-3">
          <Progress value={progress.percent} aria-label="Audit progress" className="h-3" />
          <span className="w-10 text-right text-sm font-semibold tabular-nums">{progress.percent}%</span>
        </div>
        <ol className="grid gap-1.5 text-sm sm:grid-flow-col sm:grid-cols-2 sm:grid-rows-4" aria-label="Audit steps">
          {AUDIT_PROGRESS_STEPS.map((label, index) => {
            const done = !pending && index < progress.step;
            const current = !pending && index === progress.step;
            return (
              <li
                key={label}
                className={cn(
                  'flex items-center gap-2',
                  done ? 'text-foreground' : 'text-muted-foreground',
                  current && 'font-medium text-primary',
                )}
              >
                <span
                  className={cn(
                    'flex size-5 shrink-0 items-center justify-center rounded-full border text-[10px]',
                    done && 'border-success bg-success/15 text-success',
                    current && 'border-primary',
                  )}
                >
                  {done ? <Check className="size-3" aria-hidden="true" /> : index + 1}
                </span>
                {label}
                <span className="sr-only">{done ? ' (done)' : current ? ' (in progress)' : ''}</span>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
