import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { EvidenceReviewPanel } from '../../features/evidence/review/evidence-review-panel';
import { useReviewLiveUpdates } from '../../features/evidence/review/use-review-live-updates';
import type { UserPageProps } from './page-props';

/** /admin/evidence (staff only): the evidence review panel on its own page. */
export default function AdminEvidencePage(_props: UserPageProps) {
  useReviewLiveUpdates();
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">Evidence Review</h1>
          <p className="text-sm text-muted-foreground">
            Every evidence thread by server: read the discussion, reply, and approve, waive or reject.
          </p>
        </div>
        <Button asChild variant="outline">
          <Link href="/admin">
            <ArrowLeft aria-hidden="true" />
            Back to Admin
          </Link>
        </Button>
      </header>
      <Card>
        <CardContent className="p-4 sm:p-6">
          <EvidenceReviewPanel headingLevel={2} />
        </CardContent>
      </Card>
    </div>
  );
}
