import { ChevronDown, ClipboardCheck, FileUp } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useState } from 'react';
import type { AuditWithChecks, StoredCheckResult } from '../../../shared/contracts/audits';
import { manualChecklistFor } from '../../../shared/evidence-rules';
import { useAuditThreads } from '../../api/evidence/evidence-queries';
import { Button } from '../../components/ui/button';
import { EvidenceDiscussion } from './evidence-discussion';
import { ManualEvidenceForm } from './manual-evidence-form';
import { SubmitEvidenceDialog } from './submit-evidence-dialog';

/** The three fixed-list checks and any other the engine cannot judge alone take the manual evidence card. */
function manualItemsOf(check: StoredCheckResult): readonly string[] | null {
  const fixed = manualChecklistFor(check.checkId);
  if (fixed !== undefined) return fixed;
  return check.requiresManualEvidence ? [] : null;
}

interface ManualEvidenceProps {
  auditId: string;
  check: StoredCheckResult;
  items: readonly string[];
  onSubmitted: () => void;
}

function ManualEvidence({ auditId, check, items, onSubmitted }: ManualEvidenceProps) {
  return (
    <Collapsible.Root className="grid gap-3">
      <Collapsible.Trigger asChild>
        <Button variant="outline" size="sm" className="group w-fit">
          <ClipboardCheck aria-hidden="true" />
          Provide Manual Evidence
          <span className="sr-only"> for {check.checkName}</span>
          <ChevronDown className="transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <ManualEvidenceForm auditId={auditId} check={check} items={items} onSubmitted={onSubmitted} />
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

/**
 * What a check offers for evidence in the checklist: the Submit Evidence dialog on a failed check (the
 * manual evidence card on a manual one) until its thread is resolved, and its Evidence Discussion panel,
 * opened once evidence is in.
 */
export function CheckEvidence({ auditId, check }: { auditId: string; check: StoredCheckResult }) {
  const [dialogCheck, setDialogCheck] = useState<StoredCheckResult | null>(null);
  const [discussionOpen, setDiscussionOpen] = useState(false);
  const threads = useAuditThreads(auditId);
  if (check.status === 'PASS') return null;
  const thread = threads.data?.find((item) => item.checkId === check.checkId);
  const manualItems = manualItemsOf(check);
  // A decided thread stays decided: disputing again takes a later audit (docs/decisions/0023).
  const disputable =
    thread?.status !== 'RESOLVED' && (check.status === 'FAIL' || (manualItems !== null && check.status !== 'WAIVED'));

  return (
    <div className="grid gap-3">
      {disputable && manualItems !== null && (
        <ManualEvidence
          auditId={auditId}
          check={check}
          items={manualItems}
          onSubmitted={() => setDiscussionOpen(true)}
        />
      )}
      {disputable && manualItems === null && (
        <Button variant="outline" size="sm" className="w-fit" onClick={() => setDialogCheck(check)}>
          <FileUp aria-hidden="true" />
          Submit Evidence
          <span className="sr-only"> for {check.checkName}</span>
        </Button>
      )}
      <EvidenceDiscussion
        auditId={auditId}
        checkId={check.checkId}
        checkName={check.checkName}
        status={thread?.status}
        open={discussionOpen}
        onOpenChange={setDiscussionOpen}
      />
      <SubmitEvidenceDialog
        auditId={auditId}
        check={dialogCheck}
        onOpenChange={(open) => {
          if (!open) setDialogCheck(null);
        }}
        onSubmitted={() => {
          setDialogCheck(null);
          setDiscussionOpen(true);
        }}
      />
    </div>
  );
}

/** For the checklist's `renderCheckExtras`. */
export function renderCheckEvidence(audit: AuditWithChecks, check: StoredCheckResult) {
  return <CheckEvidence auditId={audit.id} check={check} />;
}
