import { ChevronDown, ExternalLink, MessagesSquare } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { Link } from 'wouter';
import type { CheckId } from '../../../shared/audit-contract';
import type { ThreadStatus } from '../../../shared/evidence-rules';
import { useEvidenceThread, useThreadOfCheck } from '../../api/evidence/evidence-queries';
import { LoadingStatus } from '../../components/loading-status';
import { useThreadRoom } from '../../lib/realtime';
import { ThreadStatusBadge } from './evidence-badges';
import { LoadError } from '../../components/load-error';
import { ReplyBox } from './reply-box';
import { ResolvedNotice, ThreadMessages } from './thread-messages';

/** The open panel: finds the check's thread, then shows it, in its live room while open. */
function DiscussionBody({ auditId, checkId }: { auditId: string; checkId: CheckId }) {
  const lookup = useThreadOfCheck(auditId, checkId, { enabled: true });
  const threadId = lookup.data?.id ?? null;
  const detail = useEvidenceThread(threadId);
  useThreadRoom(threadId);

  if (lookup.isError || detail.isError) {
    return (
      <LoadError
        title="Failed to load discussion. Please try again."
        onRetry={() => {
          void lookup.refetch();
          if (threadId !== null) void detail.refetch();
        }}
      />
    );
  }
  if (lookup.isPending) return <LoadingStatus label="Loading discussion..." className="py-2" />;
  if (lookup.data === null) {
    return (
      <p className="text-sm text-muted-foreground">
        No discussion yet. Submit evidence on this check to start one with Rampart staff.
      </p>
    );
  }
  if (detail.data === undefined) return <LoadingStatus label="Loading discussion..." className="py-2" />;

  const { thread, messages } = detail.data;
  return (
    <div className="grid gap-3">
      <div className="flex justify-end">
        <Link
          href={`/evidence/threads/${encodeURIComponent(thread.id)}`}
          className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
        >
          Open thread
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </Link>
      </div>
      <ThreadMessages messages={messages} />
      {thread.status === 'RESOLVED' ? <ResolvedNotice /> : <ReplyBox threadId={thread.id} />}
    </div>
  );
}

/** The Evidence Discussion panel of one check: the thread with Rampart staff about its evidence. */
export function EvidenceDiscussion({
  auditId,
  checkId,
  checkName,
  status,
  open,
  onOpenChange,
}: {
  auditId: string;
  checkId: CheckId;
  checkName: string;
  /** The thread's state, when the check has one. */
  status: ThreadStatus | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Collapsible.Root open={open} onOpenChange={onOpenChange} className="rounded-lg border">
      <Collapsible.Trigger className="group flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium hover:bg-accent/50 focus-visible:outline-2 focus-visible:outline-ring">
        <MessagesSquare className="size-4 text-primary" aria-hidden="true" />
        <span className="flex-1">
          Evidence Discussion<span className="sr-only"> for {checkName}</span>
        </span>
        {status !== undefined && <ThreadStatusBadge status={status} />}
        <ChevronDown
          className="size-4 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
          aria-hidden="true"
        />
      </Collapsible.Trigger>
      <Collapsible.Content className="border-t p-3">
        {open && <DiscussionBody auditId={auditId} checkId={checkId} />}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
