import { Hourglass, MessagesSquare, ShieldQuestion, UserRound } from 'lucide-react';
import { useEvidenceRecords, useReviewThreads } from '../../../api/evidence/review-queries';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { reviewThreadQuery, THREAD_LIST_LIMIT } from './review-threads';

interface SummaryFigure {
  label: string;
  /** Null while loading. */
  value: string | null;
  icon: typeof Hourglass;
}

function SummaryCard({ label, value, icon: Icon }: SummaryFigure) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <Icon className="size-4 text-primary" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold tabular-nums">{value ?? '–'}</p>
      </CardContent>
    </Card>
  );
}

/** The admin page's evidence figures, from the same lists the review panel and the debug section read. */
export function EvidenceSummaryCards() {
  const threads = useReviewThreads(reviewThreadQuery({ search: '', status: 'ALL' }));
  const pendingEvidence = useEvidenceRecords(null, 'PENDING');
  const list = threads.data;
  // A list cut at its limit gives lower bounds.
  const atLeast = list !== undefined && list.length >= THREAD_LIST_LIMIT ? '+' : '';
  const count = (predicate: (status: string) => boolean) =>
    list === undefined ? null : `${list.filter((thread) => predicate(thread.status)).length}${atLeast}`;
  const figures: SummaryFigure[] = [
    { label: 'Open Threads', value: count((status) => status !== 'RESOLVED'), icon: MessagesSquare },
    {
      label: 'Under Review',
      value: count((status) => status === 'PENDING_ADMIN' || status === 'OPEN'),
      icon: ShieldQuestion,
    },
    { label: 'Awaiting Owners', value: count((status) => status === 'PENDING_USER'), icon: UserRound },
    { label: 'Pending Evidence', value: pendingEvidence.data?.length.toString() ?? null, icon: Hourglass },
  ];
  return (
    <>
      {figures.map((figure) => (
        <SummaryCard key={figure.label} {...figure} />
      ))}
    </>
  );
}
