import { ChevronDown, CircleHelp, FileCheck2, Gavel, Users, Wrench } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import type { StoredCheckResult } from '../../../../shared/contracts/audits';
import { CheckStatusBadge, SeverityBadge } from '../audit-badges';
import { EvidenceView } from '../evidence/evidence-view';
import { Button } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch';
import { countsAsPassed } from '../../../../shared/check-rules';
import { cn } from '../../../lib/utils';
import { OverrideBadge, OverrideNote, WaiverNote } from './override-mark';
import { peerPassSentence } from '../peers/peer-comparison';

export interface CheckItemProps {
  check: StoredCheckResult;
  isAdmin: boolean;
  /** Admins switched on Manual Overrides: each check shows a resolved/unresolved switch. */
  manualOverrides: boolean;
  isUpdating: boolean;
  onHowToFix: (check: StoredCheckResult) => void;
  onOverride: (check: StoredCheckResult) => void;
  onToggle: (check: StoredCheckResult, on: boolean) => void;
  /** Under the check's actions: what the page adds (evidence and its discussion). */
  extras?: ReactNode;
  /** Share (0–100) of servers of a similar size passing this check; undefined when too few to compare. */
  peerPassShare?: number;
}

function textList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function summaryOf(check: StoredCheckResult): string | null {
  const summary = check.evidence.summary;
  return typeof summary === 'string' && summary.trim() !== '' ? summary : null;
}

const STATUS_ACCENT: Record<StoredCheckResult['status'], string> = {
  PASS: 'border-l-success',
  WAIVED: 'border-l-primary',
  FAIL: 'border-l-destructive',
  UNKNOWN: 'border-l-muted-foreground/50',
};

export function CheckItem({
  check,
  isAdmin,
  manualOverrides,
  isUpdating,
  onHowToFix,
  onOverride,
  onToggle,
  extras,
  peerPassShare,
}: CheckItemProps) {
  const titleId = useId();
  const summary = summaryOf(check);
  const missing = check.status === 'UNKNOWN' ? textList(check.evidence.missingData) : [];
  return (
    <li
      aria-labelledby={titleId}
      className={cn('rounded-lg border border-l-4 bg-card p-4', STATUS_ACCENT[check.status])}
    >
      <Collapsible.Root className="grid gap-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid min-w-0 gap-1.5">
            <h3 id={titleId} className="font-semibold">
              {check.checkName}
            </h3>
            <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
              <CheckStatusBadge status={check.status} />
              <OverrideBadge check={check} />
              <SeverityBadge severity={check.severity} />
              <span>{check.category}</span>
              {check.requiresManualEvidence && (
                <span className="inline-flex items-center gap-1">
                  <FileCheck2 className="size-3.5" aria-hidden="true" />
                  Needs your evidence
                </span>
              )}
            </div>
          </div>
          {manualOverrides && (
            <label className="flex shrink-0 items-center gap-2 text-sm">
              <Switch
                checked={countsAsPassed(check.status)}
                disabled={isUpdating}
                onCheckedChange={(on) => onToggle(check, on)}
                aria-label={`Mark ${check.checkName} as resolved`}
              />
              <span aria-hidden="true">{countsAsPassed(check.status) ? 'Resolved' : 'Unresolved'}</span>
            </label>
          )}
        </div>
        {summary !== null && <p className="text-sm text-muted-foreground">{summary}</p>}
        {peerPassShare !== undefined && (
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Users className="size-3.5 shrink-0" aria-hidden="true" />
            {peerPassSentence(peerPassShare)}
          </p>
        )}
        {missing.length > 0 && (
          <p className="flex items-start gap-2 rounded-md bg-muted px-3 py-2 text-sm">
            <CircleHelp className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span>
              <span className="font-medium">Could not be checked: </span>
              {missing.join('; ')}. This check does not count toward the score.
            </span>
          </p>
        )}
        <OverrideNote check={check} />
        <WaiverNote check={check} />
        <div className="flex flex-wrap gap-2">
          <Collapsible.Trigger asChild>
            <Button variant="ghost" size="sm" className="group">
              <ChevronDown className="transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
              Evidence
              <span className="sr-only"> for {check.checkName}</span>
            </Button>
          </Collapsible.Trigger>
          {!countsAsPassed(check.status) && (
            <Button variant="outline" size="sm" onClick={() => onHowToFix(check)}>
              <Wrench aria-hidden="true" />
              How to Fix
              <span className="sr-only"> {check.checkName}</span>
            </Button>
          )}
          {isAdmin && (
            <Button variant="outline" size="sm" onClick={() => onOverride(check)}>
              <Gavel aria-hidden="true" />
              Override
              <span className="sr-only"> {check.checkName}</span>
            </Button>
          )}
        </div>
        {extras}
        <Collapsible.Content className="grid gap-3 border-t pt-3">
          <p className="text-sm">
            <span className="font-medium">Why this matters: </span>
            <span className="text-muted-foreground">{check.whyThisMatters}</span>
          </p>
          <EvidenceView evidence={check.evidence} omitSummary />
        </Collapsible.Content>
      </Collapsible.Root>
    </li>
  );
}
