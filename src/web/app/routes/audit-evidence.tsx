import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { useAuditEvidence } from '../../api/evidence/evidence-queries';
import { LoadingStatus } from '../../components/loading-status';
import { Button } from '../../components/ui/button';
import { EvidenceSubmissionCard } from '../../features/evidence/evidence-submission-card';
import { LoadError } from '../../components/load-error';
import { NoEvidenceCard } from '../../features/evidence/no-evidence-card';
import { useEvidenceLiveUpdates } from '../../features/evidence/use-evidence-live-updates';
import type { UserPageProps } from './page-props';

/** /audits/{id}/evidence: what the user submitted on one audit and how each item was reviewed. */
export default function AuditEvidencePage({ params }: UserPageProps) {
  const auditId = params.id ?? '';
  const evidence = useAuditEvidence(auditId);
  useEvidenceLiveUpdates();
  const auditHref = `/audits/${encodeURIComponent(auditId)}`;
  const backToAudit = (
    <Button asChild variant="outline">
      <Link href={auditHref}>
        <ArrowLeft aria-hidden="true" />
        Back to Audit
      </Link>
    </Button>
  );

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">Evidence Status</h1>
          <p className="text-sm text-muted-foreground">
            The evidence you submitted for this audit, with its review status and admin notes.
          </p>
        </div>
        {backToAudit}
      </header>
      {evidence.isPending && <LoadingStatus label="Loading evidence..." />}
      {evidence.isError && (
        <LoadError title="The evidence for this audit could not be loaded." onRetry={() => void evidence.refetch()} />
      )}
      {evidence.data !== undefined && evidence.data.length === 0 && (
        <NoEvidenceCard hint="You have not submitted evidence for this audit. Open the audit and use Submit Evidence on a failed check.">
          {backToAudit}
        </NoEvidenceCard>
      )}
      {evidence.data !== undefined && evidence.data.length > 0 && (
        <section aria-labelledby="audit-evidence-list" className="grid gap-4">
          <h2 id="audit-evidence-list" className="text-lg font-semibold">
            Submissions ({evidence.data.length})
          </h2>
          {evidence.data.map((item) => (
            <EvidenceSubmissionCard key={item.id} evidence={item} />
          ))}
        </section>
      )}
    </div>
  );
}
