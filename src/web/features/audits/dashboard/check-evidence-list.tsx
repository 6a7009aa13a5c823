import { ChevronDown } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import type { StoredCheckResult } from '../../../../shared/contracts/audits';
import { CheckStatusBadge, SeverityBadge } from '../audit-badges';
import { EvidenceView } from '../evidence/evidence-view';

/** Checks with their evidence folded under each name; `expanded` opens them all at first. */
export function CheckEvidenceList({
  checks,
  expanded = false,
  label,
}: {
  checks: StoredCheckResult[];
  expanded?: boolean;
  label: string;
}) {
  return (
    <ul className="grid gap-2" aria-label={label}>
      {checks.map((check) => (
        <li key={check.id} className="rounded-lg border">
          <Collapsible.Root defaultOpen={expanded}>
            <Collapsible.Trigger className="group flex w-full flex-wrap items-center gap-2 rounded-lg p-3 text-left text-sm font-medium hover:bg-accent/50 focus-visible:outline-2 focus-visible:outline-ring">
              <ChevronDown
                className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
                aria-hidden="true"
              />
              <span className="min-w-0 flex-1">{check.checkName}</span>
              <SeverityBadge severity={check.severity} />
              <CheckStatusBadge status={check.status} />
            </Collapsible.Trigger>
            <Collapsible.Content className="border-t p-3">
              <EvidenceView evidence={check.evidence} />
            </Collapsible.Content>
          </Collapsible.Root>
        </li>
      ))}
    </ul>
  );
}
