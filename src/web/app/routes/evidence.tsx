import { Info } from 'lucide-react';
import { Link } from 'wouter';
import { useUserEvidence } from '../../api/evidence/evidence-queries';
import { LoadingStatus } from '../../components/loading-status';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EvidenceCountCards } from '../../features/evidence/evidence-counts';
import { EvidencePreviewCard } from '../../features/evidence/evidence-submission-card';
import { countEvidence } from '../../features/evidence/evidence-text';
import { LoadError } from '../../components/load-error';
import { NoEvidenceCard } from '../../features/evidence/no-evidence-card';
import { useEvidenceLiveUpdates } from '../../features/evidence/use-evidence-live-updates';

function HowReviewsWork() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Info className="size-5 text-primary" aria-hidden="true" />
          How evidence reviews work
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm text-muted-foreground">
        <p>
          When a check fails but your server meets it in a way the bot cannot see, submit evidence on that check from
          the audit: a description, screenshots, a document or exported configuration.
        </p>
        <p>
          Rampart staff review it and may ask questions in the check&apos;s discussion. Approved evidence waives the
          check: it counts as passed and your risk score is updated. Rejected evidence leaves the check failed; the
          admin notes say why.
        </p>
      </CardContent>
    </Card>
  );
}

/** /evidence: every submission on the user's servers, with counts by status. */
export default function EvidenceReviewsPage() {
  const evidence = useUserEvidence();
  useEvidenceLiveUpdates();
  const items = evidence.data ?? [];

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Evidence Reviews</h1>
        <p className="text-sm text-muted-foreground">All the evidence you submitted across your audits.</p>
      </header>
      {evidence.isSuccess && <EvidenceCountCards counts={countEvidence(items)} />}
      <HowReviewsWork />
      {evidence.isPending && <LoadingStatus label="Loading evidence..." />}
      {evidence.isError && (
        <LoadError title="Your evidence could not be loaded." onRetry={() => void evidence.refetch()} />
      )}
      {evidence.isSuccess && items.length === 0 && (
        <NoEvidenceCard hint="Evidence you submit on failed checks appears here with its review status.">
          <Button asChild>
            <Link href="/audits">Go to Security Audits</Link>
          </Button>
        </NoEvidenceCard>
      )}
      {items.length > 0 && (
        <section aria-labelledby="evidence-list" className="grid gap-4">
          <h2 id="evidence-list" className="text-lg font-semibold">
            Your submissions
          </h2>
          {items.map((item) => (
            <EvidencePreviewCard key={item.id} evidence={item} />
          ))}
        </section>
      )}
    </div>
  );
}
