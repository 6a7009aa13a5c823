import { BellDot, CalendarDays, Inbox, Tags, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';
import type { NotificationStats, TypeShare } from './notification-stats';
import { NotificationTypeIcon } from './notification-type-icon';
import { NOTIFICATION_TYPE_STYLES } from './notification-types';

function StatCard({ title, value, icon: Icon }: { title: string; value: string | number; icon: LucideIcon }) {
  return (
    <Card className="flex flex-col gap-2 p-4 sm:p-5">
      <span className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
        {title}
        <span className="hidden size-8 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary sm:flex">
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </span>
      <span className="text-xl font-bold tracking-tight break-words tabular-nums sm:text-2xl">{value}</span>
    </Card>
  );
}

/** The four stat cards: total, unread, received today, most common type. */
export function NotificationStatCards({ stats }: { stats: NotificationStats }) {
  const mostCommon = stats.mostCommonType === null ? 'None' : NOTIFICATION_TYPE_STYLES[stats.mostCommonType].label;
  return (
    <section aria-label="Notification statistics" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard title="Total" value={stats.total} icon={Inbox} />
      <StatCard title="Unread" value={stats.unread} icon={BellDot} />
      <StatCard title="Received Today" value={stats.today} icon={CalendarDays} />
      <StatCard title="Most Common Type" value={mostCommon} icon={Tags} />
    </section>
  );
}

/** The top three types with their share of all notifications; nothing when there are none. */
export function NotificationTypeBreakdown({ shares }: { shares: readonly TypeShare[] }) {
  if (shares.length === 0) return null;
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>Top Notification Types</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4">
          {shares.map(({ type, count, percent }) => {
            const { label } = NOTIFICATION_TYPE_STYLES[type];
            return (
              <li key={type} className="flex items-center gap-3">
                <NotificationTypeIcon type={type} />
                <span className="grid flex-1 gap-1.5">
                  <span className="flex items-center justify-between gap-2 text-sm">
                    <span className="font-medium">{label}</span>
                    <span className="text-muted-foreground tabular-nums">
                      {count} ({percent}%)
                    </span>
                  </span>
                  <Progress value={percent} aria-label={`${label}: ${percent}% of all notifications`} />
                </span>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
