import { CircleHelp, FileDown, FileJson, FileSpreadsheet, ListChecks, RotateCcw } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { AuditWithChecks, StoredCheckResult } from '../../../../shared/contracts/audits';
import { useExportActions, useReportActions } from '../use-report-actions';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Progress } from '../../../components/ui/progress';
import { Switch } from '../../../components/ui/switch';
import { filterChecks, filterCounts, passedPercent, type CheckFilter } from '../audit-summary';
import { formatDateTime } from '../../../lib/format-date';
import { AdminOverrideDialog } from './admin-override-dialog';
import { CheckItem } from './check-item';
import { FilterChips } from './filter-chips';
import { HowToFixDialog } from './how-to-fix-dialog';
import { useCheckUpdates } from './use-check-updates';

interface SecurityChecklistProps {
  /** The audit whose results are listed; undefined before the server's first completed audit. */
  audit: AuditWithChecks | undefined;
  /** The filter chip selected at first ('View Issues' asks for the failed critical checks). */
  initialFilter?: CheckFilter;
  isAdmin: boolean;
  onReAudit: () => void;
  reAuditDisabled: boolean;
  /** What the page adds under each check (evidence and its discussion), for the audit shown. */
  renderCheckExtras?: (audit: AuditWithChecks, check: StoredCheckResult) => ReactNode;
  /** Per check id, the share of servers of a similar size passing it (empty: too few to compare). */
  peerPassShares?: ReadonlyMap<string, number>;
}

function ManualOverridesSwitch({
  isAdmin,
  checked,
  onCheckedChange,
}: {
  isAdmin: boolean;
  checked: boolean;
  onCheckedChange: (on: boolean) => void;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex items-start gap-3 rounded-lg border bg-muted/30 p-3">
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={!isAdmin}
        aria-describedby={hintId}
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>Manual Overrides</Label>
        <p id={hintId} className="text-xs text-muted-foreground">
          {isAdmin
            ? 'Shows a switch on each check: on waives the check, off marks it failed.'
            : 'Only Rampart staff can override checks. To dispute a result, submit evidence on the check.'}
        </p>
      </div>
    </div>
  );
}

function ChecklistHeader({
  audit,
  onReAudit,
  reAuditDisabled,
}: Omit<SecurityChecklistProps, 'isAdmin' | 'initialFilter' | 'renderCheckExtras' | 'peerPassShares'>) {
  const report = useReportActions();
  const exports = useExportActions();
  const exportDisabled = audit?.status !== 'completed' || exports.exporting !== null;
  const lastAudit = audit?.completedAt ?? null;
  return (
    <CardHeader className="flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid gap-1.5">
        <CardTitle className="flex items-center gap-2">
          <ListChecks className="size-5 text-primary" aria-hidden="true" />
          Security Checklist
        </CardTitle>
        <CardDescription>Last audit: {lastAudit === null ? 'Never' : formatDateTime(lastAudit)}</CardDescription>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onReAudit} disabled={reAuditDisabled}>
          <RotateCcw aria-hidden="true" />
          Re-Audit
        </Button>
        {audit !== undefined && (
          <Button variant="outline" onClick={() => report.openPopup(audit.id)}>
            <FileDown aria-hidden="true" />
            Download Report
          </Button>
        )}
        {audit !== undefined && (
          <>
            <Button variant="outline" onClick={() => void exports.exportAs(audit.id, 'json')} disabled={exportDisabled}>
              <FileJson aria-hidden="true" />
              Export JSON
            </Button>
            <Button variant="outline" onClick={() => void exports.exportAs(audit.id, 'csv')} disabled={exportDisabled}>
              <FileSpreadsheet aria-hidden="true" />
              Export CSV
            </Button>
          </>
        )}
      </div>
    </CardHeader>
  );
}

/** The 20-point checklist of one audit with filters, staff overrides and fix instructions. */
export function SecurityChecklist({
  audit,
  initialFilter = 'all',
  isAdmin,
  onReAudit,
  reAuditDisabled,
  renderCheckExtras,
  peerPassShares,
}: SecurityChecklistProps) {
  const [filter, setFilter] = useState<CheckFilter>(initialFilter);
  const [manualOverrides, setManualOverrides] = useState(false);
  const [fixCheck, setFixCheck] = useState<StoredCheckResult | null>(null);
  const [overrideCheck, setOverrideCheck] = useState<StoredCheckResult | null>(null);
  const updates = useCheckUpdates({ onOverridden: () => setOverrideCheck(null) });
  const progressLabelId = useId();
  const cardRef = useRef<HTMLDivElement>(null);
  const hasAudit = audit !== undefined;
  // Arriving with a filter ('View Issues') means arriving for the checklist: bring it into view once.
  useEffect(() => {
    if (hasAudit && initialFilter !== 'all') cardRef.current?.scrollIntoView({ block: 'start' });
  }, [hasAudit, initialFilter]);

  if (audit === undefined) {
    return (
      <Card>
        <ChecklistHeader audit={audit} onReAudit={onReAudit} reAuditDisabled={reAuditDisabled} />
        <CardContent>
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            No completed audit yet. Run an audit to see the 20-point checklist for this server.
          </p>
        </CardContent>
      </Card>
    );
  }

  const checks = audit.checkResults;
  const counts = filterCounts(checks);
  const visible = filterChecks(checks, filter);
  const unknown = checks.filter((check) => check.status === 'UNKNOWN').length;
  const selfAttested = checks.filter((check) => check.selfAttestedStatus !== null).length;
  const percent = passedPercent(counts.passed, checks.length);

  return (
    <Card ref={cardRef} id="security-checklist" className="scroll-mt-20">
      <ChecklistHeader audit={audit} onReAudit={onReAudit} reAuditDisabled={reAuditDisabled} />
      <CardContent className="grid gap-5">
        <div className="grid gap-2">
          <p id={progressLabelId} className="flex justify-between text-sm">
            <span>
              {counts.passed} of {checks.length} checks passed
              {selfAttested > 0 && ` (the owner self-attests ${selfAttested} more, not counted)`}
            </span>
            <span className="font-semibold tabular-nums">{percent}%</span>
          </p>
          <Progress value={percent} aria-labelledby={progressLabelId} indicatorClassName="bg-success" />
        </div>
        <FilterChips value={filter} counts={counts} onChange={setFilter} />
        <ManualOverridesSwitch
          isAdmin={isAdmin}
          checked={isAdmin && manualOverrides}
          onCheckedChange={setManualOverrides}
        />
        {unknown > 0 && (
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <CircleHelp className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {unknown === 1 ? '1 check was' : `${unknown} checks were`} marked Unknown: the bot could not read what they
            need. Each one says what was missing; Unknown checks do not count toward the score.
          </p>
        )}
        {visible.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            No checks match this filter.
          </p>
        ) : (
          <ul className="grid gap-3" aria-label="Checks">
            {visible.map((check) => (
              <CheckItem
                key={check.id}
                check={check}
                isAdmin={isAdmin}
                manualOverrides={isAdmin && manualOverrides}
                isUpdating={updates.updatingId === check.id}
                onHowToFix={setFixCheck}
                onOverride={setOverrideCheck}
                onToggle={updates.toggle}
                extras={renderCheckExtras?.(audit, check)}
                peerPassShare={peerPassShares?.get(check.checkId)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <HowToFixDialog check={fixCheck} onOpenChange={(open) => !open && setFixCheck(null)} />
      {isAdmin && (
        <AdminOverrideDialog
          check={overrideCheck}
          isPending={updates.isPending}
          onOpenChange={(open) => !open && setOverrideCheck(null)}
          onSubmit={updates.override}
        />
      )}
    </Card>
  );
}
