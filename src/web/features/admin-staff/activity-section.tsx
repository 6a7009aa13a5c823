import { History } from 'lucide-react';
import type { StaffAction } from '../../../shared/contracts/admin-staff';
import { useStaffActivity } from '../../api/admin-staff/admin-staff';
import { CopyableId } from '../../components/copyable-id';
import { LoadError } from '../../components/load-error';
import { LoadingStatus } from '../../components/loading-status';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format-date';
import { SectionEmpty } from './section-states';

function StateBlock({ title, state }: { title: string; state: Record<string, unknown> | null }) {
  return (
    <div className="grid min-w-0 gap-1">
      <p className="text-xs font-medium text-muted-foreground">{title}</p>
      <pre className="overflow-x-auto rounded-md bg-muted p-2 text-xs">
        {state === null ? 'Nothing' : JSON.stringify(state, null, 2)}
      </pre>
    </div>
  );
}

function ActivityEntry({ entry }: { entry: StaffAction }) {
  const hasChange = entry.before !== null || entry.after !== null;
  return (
    <li className="grid gap-2 rounded-lg border p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p>
          <span className="font-medium">{entry.actorName}</span> <span>{entry.summary}</span>
        </p>
        <time dateTime={entry.createdAt} className="text-xs whitespace-nowrap text-muted-foreground">
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
      <p className="flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
        <span className="font-mono">{entry.action}</span>
        <span className="inline-flex items-center gap-1">
          {entry.targetType} <CopyableId id={entry.targetId} length={8} label={`${entry.targetType} id`} />
        </span>
      </p>
      {hasChange && (
        <details className="group">
          <summary className="cursor-pointer text-xs font-medium text-primary">Before and after</summary>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            <StateBlock title="Before" state={entry.before} />
            <StateBlock title="After" state={entry.after} />
          </div>
        </details>
      )}
    </li>
  );
}

/** The admin page's Activity section: the audit trail of every staff action, newest first, a page at a time. */
export function ActivitySection() {
  const activity = useStaffActivity();
  if (activity.isPending) return <LoadingStatus label="Loading activity..." className="py-2" />;
  if (activity.isError) {
    return <LoadError title="The activity could not be loaded." onRetry={() => void activity.refetch()} />;
  }
  const entries = activity.data.pages.flat();
  if (entries.length === 0) {
    return (
      <SectionEmpty
        icon={History}
        title="No staff activity yet"
        hint="Every staff action (certificates, overrides, engagements, CSU decisions, accounts, coupons, evidence) is listed here."
      />
    );
  }
  return (
    <div className="grid gap-3">
      <ul className="grid gap-2" aria-label="Staff activity, newest first">
        {entries.map((entry) => (
          <ActivityEntry key={entry.id} entry={entry} />
        ))}
      </ul>
      {activity.hasNextPage && (
        <Button
          variant="outline"
          className="w-fit"
          disabled={activity.isFetchingNextPage}
          onClick={() => void activity.fetchNextPage()}
        >
          {activity.isFetchingNextPage && <Spinner className="size-4 text-current" />}
          Load more
        </Button>
      )}
    </div>
  );
}
