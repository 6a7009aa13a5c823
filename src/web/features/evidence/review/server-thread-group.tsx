import { ChevronDown, Server } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { Badge } from '../../../components/ui/badge';
import type { ServerGroup } from './review-threads';
import { ThreadRow } from './thread-row';

/** A server's threads under its name and count; open at first, closable to tidy a long list. */
export function ServerThreadGroup({
  group,
  headingLevel,
  now,
}: {
  group: ServerGroup;
  headingLevel: 2 | 3;
  /** The clock the rows' relative times are read against. */
  now: number;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const count = group.threads.length;
  return (
    <li>
      <Collapsible.Root defaultOpen className="grid gap-2">
        <Heading className="text-sm font-semibold">
          <Collapsible.Trigger className="group flex w-full items-center gap-2 rounded-md px-1 py-1.5 text-left hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-ring">
            <ChevronDown
              className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=closed]:-rotate-90"
              aria-hidden="true"
            />
            <Server className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span className="min-w-0 truncate">{group.serverName}</span>
            <Badge variant="secondary">
              {count}
              <span className="sr-only">{count === 1 ? ' thread' : ' threads'}</span>
            </Badge>
          </Collapsible.Trigger>
        </Heading>
        <Collapsible.Content>
          <ul className="grid gap-2" aria-label={`Threads of ${group.serverName}`}>
            {group.threads.map((thread) => (
              <ThreadRow key={thread.id} thread={thread} now={now} />
            ))}
          </ul>
        </Collapsible.Content>
      </Collapsible.Root>
    </li>
  );
}
