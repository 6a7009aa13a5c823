import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import type { StoredCheckResult } from '../../../../shared/contracts/audits';
import { SeverityBadge } from '../audit-badges';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { numberedSteps } from './numbered-steps';
import { fixGuideFor } from './fix-guides';

interface HowToFixDialogProps {
  check: StoredCheckResult | null;
  onOpenChange: (open: boolean) => void;
}

/** Why the check matters, what the audit says to change, and the clicks to get there. */
export function HowToFixDialog({ check, onOpenChange }: HowToFixDialogProps) {
  const guide = check === null ? null : fixGuideFor(check);
  const remediationSteps = check === null ? null : numberedSteps(check.remediation);
  const changeId = useId();
  return (
    <Dialog open={check !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {check !== null && guide !== null && (
          <>
            <DialogHeader>
              <DialogTitle>How to Fix: {check.checkName}</DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-2">
                <SeverityBadge severity={check.severity} />
                {guide.topic === null ? check.category : `${check.category} · ${guide.topic}`}
              </DialogDescription>
            </DialogHeader>
            <section className="grid gap-1.5 text-sm">
              <h3 className="font-semibold">Why this matters</h3>
              <p className="text-muted-foreground">{check.whyThisMatters}</p>
            </section>
            <section className="grid gap-1.5 text-sm" aria-labelledby={changeId}>
              <h3 id={changeId} className="font-semibold">
                What to change
              </h3>
              {remediationSteps === null ? (
                <p>{check.remediation}</p>
              ) : (
                <ol className="list-decimal space-y-1.5 pl-5">
                  {remediationSteps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              )}
            </section>
            <section className="grid gap-1.5 text-sm">
              <h3 className="font-semibold">Step by step</h3>
              <ol className="list-decimal space-y-1.5 pl-5">
                {guide.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </section>
            {check.references.length > 0 && (
              <section className="grid gap-1.5 text-sm">
                <h3 className="font-semibold">References</h3>
                <ul className="grid gap-1">
                  {check.references.map((reference) => (
                    <li key={reference.url}>
                      <a
                        href={reference.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                      >
                        {reference.title}
                        <ExternalLink className="size-3.5" aria-hidden="true" />
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
