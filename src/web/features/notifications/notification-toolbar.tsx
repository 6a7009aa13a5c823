import { CheckCheck, RefreshCw, Search } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { cn } from '../../lib/utils';

export type ReadFilter = 'all' | 'unread';

interface NotificationToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  filter: ReadFilter;
  onFilterChange: (filter: ReadFilter) => void;
  refreshing: boolean;
  onRefresh: () => void;
  markingAll: boolean;
  onMarkAllRead: () => void;
}

/** Search, the All / Unread Only filter, refresh and mark all read. */
export function NotificationToolbar(props: NotificationToolbarProps) {
  const { search, onSearchChange, filter, onFilterChange, refreshing, onRefresh, markingAll, onMarkAllRead } = props;
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <div className="grid flex-1 gap-1.5">
        <Label htmlFor="notification-search">Search notifications</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="notification-search"
            type="search"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder="Search by title or message..."
            className="pl-9"
          />
        </div>
      </div>
      <div className="grid gap-1.5 md:w-52">
        <Label id="notification-filter-label">Show</Label>
        <Select value={filter} onValueChange={(value) => onFilterChange(value === 'unread' ? 'unread' : 'all')}>
          <SelectTrigger aria-labelledby="notification-filter-label">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All Notifications</SelectItem>
            <SelectItem value="unread">Unread Only</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" onClick={onRefresh} disabled={refreshing} className="flex-1 md:flex-none">
          <RefreshCw className={cn(refreshing && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
        <Button onClick={onMarkAllRead} disabled={markingAll} className="flex-1 md:flex-none">
          <CheckCheck aria-hidden="true" />
          {markingAll ? 'Marking...' : 'Mark all read'}
        </Button>
      </div>
    </div>
  );
}
