import { MessagesSquare, RefreshCw, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useReviewThreads } from '../../../api/evidence/review-queries';
import { LoadingStatus } from '../../../components/loading-status';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { cn } from '../../../lib/utils';
import {
  ALL_STATUSES,
  groupThreadsByServer,
  parseStatusFilter,
  reviewThreadQuery,
  STATUS_FILTER_OPTIONS,
  THREAD_LIST_LIMIT,
  type StatusFilter,
} from './review-threads';
import { ServerThreadGroup } from './server-thread-group';
import { useDebouncedValue } from './use-debounced-value';
import { useMinuteClock } from './use-minute-clock';

const SEARCH_DELAY_MS = 300;

/**
 * Every evidence thread, for staff: searched and filtered on the server, grouped per server. The page
 * that shows it keeps it live (useReviewLiveUpdates).
 */
export function EvidenceReviewPanel({
  headingLevel,
}: {
  /** Server names are headings one level below the section the panel sits in. */
  headingLevel: 2 | 3;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>(ALL_STATUSES);
  const debouncedSearch = useDebouncedValue(search, SEARCH_DELAY_MS);
  const threads = useReviewThreads(reviewThreadQuery({ search: debouncedSearch, status }));
  const groups = groupThreadsByServer(threads.data ?? []);
  const now = useMinuteClock();
  const filtered = debouncedSearch.trim() !== '' || status !== ALL_STATUSES;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-48 flex-1 gap-2">
          <Label htmlFor={`${id}-search`}>Search threads</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={`${id}-search`}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Server, check or message"
              className="pl-8"
            />
          </div>
        </div>
        <div className="grid w-full gap-2 sm:w-56">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <Select value={status} onValueChange={(value) => setStatus(parseStatusFilter(value))}>
            <SelectTrigger id={`${id}-status`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {STATUS_FILTER_OPTIONS.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button variant="outline" onClick={() => void threads.refetch()} disabled={threads.isFetching}>
          <RefreshCw className={cn(threads.isFetching && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
      </div>

      {threads.isPending ? (
        <LoadingStatus label="Loading evidence threads..." className="py-2" />
      ) : threads.isError ? (
        <p className="text-sm text-destructive">The evidence threads could not be loaded. Please try again.</p>
      ) : groups.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-8 text-center">
          <MessagesSquare className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No Evidence Threads</p>
          <p className="text-sm text-muted-foreground">
            {filtered
              ? 'No thread matches this search and status.'
              : 'Evidence that owners submit on failed checks will appear here.'}
          </p>
        </div>
      ) : (
        <>
          {threads.data.length >= THREAD_LIST_LIMIT && (
            <p className="text-sm text-muted-foreground">
              Showing the {THREAD_LIST_LIMIT} most recently active threads. Search or choose a status to find others.
            </p>
          )}
          <ul className="grid gap-4" aria-label="Evidence threads by server" aria-busy={threads.isFetching}>
            {groups.map((group) => (
              <ServerThreadGroup key={group.serverId} group={group} headingLevel={headingLevel} now={now} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
