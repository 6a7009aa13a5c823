import { PRODUCT_NAME } from '../../components/brand';
import { useDeferredValue, useState } from 'react';
import { NoServersCard } from '../../features/servers/no-servers-card';
import { useDriftAlerts } from '../../api/monitoring/monitoring-queries';
import { useServers } from '../../api/servers/servers';
import { AuditFailureAlert } from '../../features/audits/audit-failure-alert';
import { AuditProgressCard } from '../../features/audits/audit-progress-card';
import {
  AdminControlsCard,
  CriticalIssuesAlert,
  RecentActivityCard,
  UsageCard,
} from '../../features/audits/dashboard/dashboard-cards';
import { DashboardSkeleton } from '../../features/audits/dashboard/dashboard-skeleton';
import { ReportCard } from '../../features/audits/dashboard/report-card';
import { StatCards, StatCardsSkeleton } from '../../features/audits/dashboard/stat-cards';
import { issuesHref } from '../../features/audits/issues-link';
import { useServerAudit } from '../../features/audits/use-server-audit';
import { ScoreTrendCard } from '../../features/audits/score-trend-card';
import { ServerOverviewCard } from '../../features/servers/server-overview-card';
import { BuyExtraAuditButton } from '../../features/paywall/buy-extra-audit-button';
import { criticalFailures } from '../../features/audits/audit-summary';
import type { UserPageProps } from './page-props';

/**
 * /dashboard. Only the first server is shown. Its figures come from the newest completed audit, so a
 * run in progress or a failed run shows beside them instead of blanking them.
 */
export default function DashboardPage({ user }: UserPageProps) {
  const servers = useServers({ enabled: true });
  const server = servers.data?.[0];
  const { audits, latest, latestCompleted, active, detail, usage, isStarting, busy, run } = useServerAudit(server?.id, {
    withUsage: !user.isAdmin,
  });
  const driftAlerts = useDriftAlerts(server?.id);
  const critical = criticalFailures(detail.data?.checkResults ?? []);
  const loadingAudit = audits.isPending || (latestCompleted !== undefined && detail.isPending);
  // Until everything the first view shows has arrived, its shape stands in for it, so nothing moves.
  const [shown, setShown] = useState(false);
  const firstViewPending =
    servers.isPending || (server !== undefined && (loadingAudit || (!user.isAdmin && usage.isPending)));
  if (!shown && !firstViewPending) setShown(true);
  // The first view mounts every card at once; as a deferred render React does it in slices between inputs.
  const revealed = useDeferredValue(shown);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{PRODUCT_NAME} Dashboard</h1>
        <p className="text-sm text-muted-foreground">
          {server === undefined ? 'Your server security at a glance.' : `Security overview for ${server.name}.`}
        </p>
      </header>

      {!revealed && <DashboardSkeleton withUsage={!user.isAdmin} />}
      {servers.isError && (
        <p className="text-sm text-destructive">Your servers could not be loaded. Please refresh the page.</p>
      )}
      {servers.data !== undefined && server === undefined && <NoServersCard />}

      {revealed && server !== undefined && (
        <>
          {latest?.status === 'failed' && (
            <AuditFailureAlert
              audit={latest}
              guildDiscordId={server.discordId}
              onRunAgain={run}
              isStarting={isStarting}
            />
          )}
          {active !== undefined && <AuditProgressCard audit={active} serverName={server.name} />}
          {(audits.isError || detail.isError) && (
            <p className="text-sm text-destructive">Your latest audit could not be loaded. Please refresh the page.</p>
          )}
          {critical.length > 0 && (
            <CriticalIssuesAlert
              count={critical.length}
              issuesHref={issuesHref(server.id, critical)}
              busy={busy}
              onReAudit={run}
            />
          )}
          {loadingAudit ? (
            <StatCardsSkeleton withUsage={!user.isAdmin} />
          ) : (
            <StatCards audit={detail.data} usage={user.isAdmin ? null : usage.data} usageFailed={usage.isError} />
          )}
          <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            <ServerOverviewCard server={server} />
            {!user.isAdmin && usage.data !== undefined && (
              <UsageCard usage={usage.data} buyExtraAudit={<BuyExtraAuditButton serverId={server.id} />} />
            )}
            <ReportCard audit={detail.data} loading={loadingAudit} />
            {audits.data !== undefined && <ScoreTrendCard audits={audits.data} alerts={driftAlerts.data} />}
            <RecentActivityCard />
            {user.isAdmin && <AdminControlsCard />}
          </div>
        </>
      )}
      {server === undefined && user.isAdmin && <AdminControlsCard />}
    </div>
  );
}
