import { ChevronDown } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import type { EvidenceThread } from '../../../../shared/contracts/evidence';
import { formatDateTime } from '../../../lib/format-date';
import { ThreadStatusBadge } from '../evidence-badges';
import { SeverityBadge } from './severity-badge';
import { checkNameOf, formatRelativeTime, lastActivityOf, threadPreview } from './review-threads';
import { ThreadReview } from './thread-review';

/** One thread: what it is about at a glance; opened, the whole discussion (loaded only then). */
export function ThreadRow({ thread, now }: { thread: EvidenceThread; now: number }) {
  const activity = lastActivityOf(thread);
  return (
    <li className="rounded-lg border bg-background/30">
      <Collapsible.Root>
        <Collapsible.Trigger className="group grid w-full grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg p-3 text-left text-sm hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-ring">
          <ChevronDown
            className="mt-0.5 size-4 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
            aria-hidden="true"
          />
          <span className="grid min-w-0 gap-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{checkNameOf(thread)}</span>
              {thread.checkResult !== null && <SeverityBadge severity={thread.checkResult.severity} />}
              <ThreadStatusBadge status={thread.status} />
            </span>
            <span className="truncate text-muted-foreground">{threadPreview(thread)}</span>
            <span className="text-xs text-muted-foreground">
              {thread.user?.username ?? 'Deleted account'} ·{' '}
              <time dateTime={activity} title={formatDateTime(activity)}>
                {formatRelativeTime(activity, now)}
              </time>
            </span>
          </span>
        </Collapsible.Trigger>
        <Collapsible.Content className="border-t p-3">
          <ThreadReview threadId={thread.id} />
        </Collapsible.Content>
      </Collapsible.Root>
    </li>
  );
}
