import { Hourglass, MessagesSquare, ShieldQuestion, UserRound } from 'lucide-react';
import { useEvidenceRecords, useReviewThreads } from '../../../api/evidence/review-queries';
import { SummaryCard, type SummaryFigure } from '../../../components/summary-card';
import { reviewThreadQuery, THREAD_LIST_LIMIT } from './review-threads';

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
