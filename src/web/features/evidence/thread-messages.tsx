import { CircleCheckBig, ShieldCheck } from 'lucide-react';
import type { ThreadMessage } from '../../../shared/contracts/evidence';
import { Badge } from '../../components/ui/badge';
import { formatDateTime } from '../../lib/format-date';
import { cn } from '../../lib/utils';
import { prettyJson } from './evidence-text';
import { MessageAttachments } from './message-attachments';

function MessageText({ message }: { message: ThreadMessage }) {
  const isJson = message.attachments.some((attachment) => attachment.type === 'json');
  const pretty = isJson ? prettyJson(message.message) : null;
  if (pretty !== null) {
    return (
      <pre className="rounded-md border bg-muted p-3 font-mono text-xs break-all whitespace-pre-wrap">{pretty}</pre>
    );
  }
  return <p className="text-sm break-words whitespace-pre-wrap">{message.message}</p>;
}

/** A thread's messages, oldest first; new ones are announced to screen readers as they arrive. */
export function ThreadMessages({ messages }: { messages: readonly ThreadMessage[] }) {
  if (messages.length === 0) {
    return <p className="text-sm text-muted-foreground">No messages yet.</p>;
  }
  return (
    <div role="log" aria-label="Messages" aria-live="polite">
      <ol className="grid gap-3">
        {messages.map((message) => (
          <li
            key={message.id}
            className={cn(
              'grid gap-2 rounded-lg border p-3',
              message.isAdminMessage ? 'border-primary/40 bg-primary/5' : 'bg-card',
            )}
          >
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
              <span className="font-semibold text-foreground">{message.fromUser?.username ?? 'Deleted user'}</span>
              {message.isAdminMessage && (
                <Badge variant="secondary">
                  <ShieldCheck aria-hidden="true" />
                  Staff
                </Badge>
              )}
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
            </div>
            <MessageText message={message} />
            <MessageAttachments attachments={message.attachments} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Shown instead of the reply box once staff decided. */
export function ResolvedNotice() {
  return (
    <p className="flex items-start gap-2 rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm">
      <CircleCheckBig className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
      This thread was resolved by an admin. The final decision is in the messages above.
    </p>
  );
}
