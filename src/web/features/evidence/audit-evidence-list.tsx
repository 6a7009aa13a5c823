import { Link } from 'wouter';
import { useAuditEvidence } from '../../api/evidence/evidence-queries';
import { LoadError } from '../../components/load-error';
import { LoadingStatus } from '../../components/loading-status';
import { Button } from '../../components/ui/button';
import { EvidenceSubmissionCard } from './evidence-submission-card';
import { NoEvidenceCard } from './no-evidence-card';

/** The evidence and attachments submitted on one audit, newest first (the engineer screen's Evidence Management). */
export function AuditEvidenceList({ auditId }: { auditId: string }) {
  const evidence = useAuditEvidence(auditId);
  const auditHref = `/audits/${encodeURIComponent(auditId)}`;
  if (evidence.isPending) return <LoadingStatus label="Loading evidence..." />;
  if (evidence.isError) {
    return (
      <LoadError title="The evidence for this audit could not be loaded." onRetry={() => void evidence.refetch()} />
    );
  }
  if (evidence.data.length === 0) {
    return (
      <NoEvidenceCard hint="Nothing has been submitted on this audit yet. Evidence is submitted on a failed check of the audit's results.">
        <Button asChild variant="outline">
          <Link href={auditHref}>Open the audit</Link>
        </Button>
      </NoEvidenceCard>
    );
  }
  return (
    <section aria-labelledby="engineer-evidence" className="grid gap-4">
      <h2 id="engineer-evidence" className="text-lg font-semibold">
        Evidence on this audit ({evidence.data.length})
      </h2>
      {evidence.data.map((item) => (
        <EvidenceSubmissionCard key={item.id} evidence={item} />
      ))}
    </section>
  );
}
