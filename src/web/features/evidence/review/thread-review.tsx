import { ExternalLink } from 'lucide-react';
import { Link } from 'wouter';
import { useEvidenceThread } from '../../../api/evidence/evidence-queries';
import { LoadingStatus } from '../../../components/loading-status';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format-date';
import { useThreadRoom } from '../../../lib/realtime';
import { ThreadDecisionForm } from './thread-decision-form';
import { ResolvedNotice, ThreadMessages } from '../thread-messages';
import { ReplyBox } from '../reply-box';

export function threadDetailHref(threadId: string): string {
  return `/evidence/threads/${encodeURIComponent(threadId)}`;
}

/** An expanded row: the thread's messages and, until it is resolved, the reply box and the decision. */
export function ThreadReview({ threadId }: { threadId: string }) {
  useThreadRoom(threadId);
  const detail = useEvidenceThread(threadId);

  if (detail.isPending) return <LoadingStatus label="Loading the discussion..." className="py-2" />;
  if (detail.isError) {
    return <p className="text-sm text-destructive">Failed to load discussion. Please try again.</p>;
  }
  const { thread, messages, canDecide } = detail.data;
  const resolved = thread.status === 'RESOLVED';
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>
          Opened by {thread.user?.username ?? 'a deleted account'} on {formatDateTime(thread.createdAt)}
        </span>
        <Button asChild variant="outline" size="sm">
          <Link href={threadDetailHref(thread.id)}>
            <ExternalLink aria-hidden="true" />
            Open full thread
          </Link>
        </Button>
      </div>
      <ThreadMessages messages={messages} />
      {resolved ? (
        <ResolvedNotice />
      ) : (
        <>
          <ReplyBox threadId={thread.id} placeholder="Write a reply to the owner..." sendLabel="Send Reply" />
          {canDecide && <ThreadDecisionForm threadId={thread.id} />}
        </>
      )}
    </div>
  );
}
