import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { useEvidenceThread } from '../../api/evidence/evidence-queries';
import { LoadingStatus } from '../../components/loading-status';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ApiError } from '../../lib/api-errors';
import { useThreadRoom } from '../../lib/realtime';
import { cn } from '../../lib/utils';
import { LoadError } from '../../components/load-error';
import { ReplyBox } from '../../features/evidence/reply-box';
import { DecisionPanel } from '../../features/evidence/thread-detail/decision-panel';
import { ThreadContext } from '../../features/evidence/thread-detail/thread-context';
import { ResolvedNotice, ThreadMessages } from '../../features/evidence/thread-messages';
import { useEvidenceLiveUpdates } from '../../features/evidence/use-evidence-live-updates';
import type { UserPageProps } from './page-props';

function ThreadNotFound() {
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader className="items-center text-center">
        <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-lg font-semibold">Thread not found</h1>
        <CardDescription>This discussion does not exist or you do not have access to it.</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Button asChild variant="outline">
          <Link href="/evidence">
            <ArrowLeft aria-hidden="true" />
            Back to Evidence Reviews
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** /evidence/threads/{id}: one evidence thread for its owners and staff, with staff's decision panel. */
export default function EvidenceThreadPage({ params }: UserPageProps) {
  const threadId = params.id ?? '';
  const query = useEvidenceThread(threadId);
  useThreadRoom(threadId === '' ? null : threadId);
  useEvidenceLiveUpdates();

  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <ThreadNotFound />;
    return (
      <div className="mx-auto grid w-full max-w-lg gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Evidence Discussion</h1>
        <LoadError title="Failed to fetch thread" onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (query.data === undefined) {
    return <LoadingStatus label="Loading discussion..." className="justify-center py-16" />;
  }

  const detail = query.data;
  const { thread } = detail;
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Evidence Discussion</h1>
        <p className="text-sm text-muted-foreground">
          {detail.server.name} · {detail.checkResult?.checkName ?? thread.checkResult?.checkName ?? thread.checkId}
        </p>
      </header>
      <div
        className={cn(
          'grid items-start gap-6',
          detail.canDecide
            ? 'lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] xl:grid-cols-[minmax(15rem,1fr)_minmax(0,2fr)_minmax(15rem,1fr)]'
            : 'lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]',
        )}
      >
        <ThreadContext detail={detail} />
        <Card>
          <CardHeader>
            <CardTitle>Messages</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <ThreadMessages messages={detail.messages} />
            {thread.status === 'RESOLVED' ? <ResolvedNotice /> : <ReplyBox threadId={thread.id} />}
          </CardContent>
        </Card>
        {detail.canDecide && <DecisionPanel thread={thread} />}
      </div>
    </div>
  );
}
