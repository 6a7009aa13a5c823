import { ArrowRight, ChevronDown, Minus, Plus } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import type { CheckChange } from '../../../../shared/contracts/audit-insights';
import { CheckStatusBadge, SeverityBadge } from '../audit-badges';
import { describeFinding } from './audit-changes';

function FindingLines({ check }: { check: CheckChange }) {
  if (check.appeared.length === 0 && check.disappeared.length === 0) return null;
  return (
    <ul className="grid gap-1 text-sm" aria-label={`Findings that changed in ${check.checkName}`}>
      {check.appeared.map((finding) => (
        <li key={`+${finding.kind}:${finding.label}`} className="flex items-start gap-1.5">
          <Plus className="mt-0.5 size-3.5 shrink-0 text-destructive" aria-hidden="true" />
          <span>{describeFinding(finding, 'appeared')}</span>
        </li>
      ))}
      {check.disappeared.map((finding) => (
        <li key={`-${finding.kind}:${finding.label}`} className="flex items-start gap-1.5 text-muted-foreground">
          <Minus className="mt-0.5 size-3.5 shrink-0 text-success" aria-hidden="true" />
          <span>{describeFinding(finding, 'disappeared')}</span>
        </li>
      ))}
    </ul>
  );
}

function StatusChange({ check }: { check: CheckChange }) {
  return (
    <span className="flex flex-wrap items-center gap-1 text-xs">
      {check.before === null ? (
        <span className="text-muted-foreground">New check</span>
      ) : (
        <CheckStatusBadge status={check.before} />
      )}
      <ArrowRight className="size-3.5 text-muted-foreground" aria-hidden="true" />
      <span className="sr-only">now</span>
      <CheckStatusBadge status={check.after} />
    </span>
  );
}

/** One list of the difference (new failures, fixed or regressed): each check with what it found differently. */
export function CheckChangeList({ checks, empty }: { checks: readonly CheckChange[]; empty: string }) {
  if (checks.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-2">
      {checks.map((check) => (
        <li key={check.checkId} className="grid gap-2 rounded-lg border p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{check.checkName}</span>
              <SeverityBadge severity={check.severity} />
            </span>
            <StatusChange check={check} />
          </div>
          <FindingLines check={check} />
        </li>
      ))}
    </ul>
  );
}

/** The checks that did not change, collapsed: most of the twenty, rarely what the reader came for. */
export function UnchangedChecks({ checks }: { checks: readonly CheckChange[] }) {
  return (
    <Collapsible.Root className="rounded-lg border">
      <Collapsible.Trigger className="group flex w-full items-center gap-2 rounded-lg p-3 text-left text-sm font-medium hover:bg-accent/50 focus-visible:outline-2 focus-visible:outline-ring">
        <ChevronDown
          className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
          aria-hidden="true"
        />
        Unchanged ({checks.length})
      </Collapsible.Trigger>
      <Collapsible.Content className="border-t p-3">
        {checks.length === 0 ? (
          <p className="text-sm text-muted-foreground">Every check changed.</p>
        ) : (
          <ul className="grid gap-2">
            {checks.map((check) => (
              <li key={check.checkId} className="grid gap-1">
                <span className="flex flex-wrap items-center gap-2 text-sm">
                  <span>{check.checkName}</span>
                  <CheckStatusBadge status={check.after} />
                </span>
                <FindingLines check={check} />
              </li>
            ))}
          </ul>
        )}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
