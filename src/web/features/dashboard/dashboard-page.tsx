import type { CurrentUser } from '../../../shared/contracts/auth';
import { AuditFailureAlert } from '../../components/audit/audit-failure-alert';
import { AuditProgressCard } from '../../components/audit/audit-progress-card';
import { useRunAudit } from '../../components/audit/use-run-audit';
import { PRODUCT_NAME } from '../../components/brand';
import { LoadingStatus } from '../../components/loading-status';
import { NoServersCard } from '../../components/no-servers-card';
import { useAudit, useAuditUsage, useServerAudits } from '../../lib/audits';
import { criticalFailures, pickAudits } from '../../lib/audit-summary';
import { issuesHref } from '../../lib/issues-link';
import { useServers } from '../../lib/servers';
import {
  AdminControlsCard,
  CriticalIssuesAlert,
  RecentActivityCard,
  ServerOverviewCard,
  UsageCard,
} from './dashboard-cards';
import { ReportCard } from './report-card';
import { StatCards } from './stat-cards';

/**
 * /dashboard (spec part 1 §2). Only the first server is shown. Its figures come from the newest
 * completed audit, so a run in progress or a failed run shows beside them instead of blanking them.
 */
export function DashboardPage({ user }: { user: CurrentUser }) {
  const servers = useServers({ enabled: true });
  const server = servers.data?.[0];
  const audits = useServerAudits(server?.id);
  const { latest, latestCompleted, active } = pickAudits(audits.data);
  const detail = useAudit(latestCompleted?.id);
  const usage = useAuditUsage(server?.id, { enabled: !user.isAdmin });
  const runAudit = useRunAudit();
  const busy = active !== undefined || runAudit.isPending;
  const run = () => runAudit.run(server?.id);
  const critical = criticalFailures(detail.data?.checkResults ?? []);
  const loadingAudit = audits.isPending || (latestCompleted !== undefined && detail.isPending);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{PRODUCT_NAME} Dashboard</h1>
        <p className="text-sm text-muted-foreground">
          {server === undefined ? 'Your server security at a glance.' : `Security overview for ${server.name}.`}
        </p>
      </header>

      {servers.isPending && <LoadingStatus label="Loading your servers..." className="py-10" />}
      {servers.isError && (
        <p className="text-sm text-destructive">Your servers could not be loaded. Please refresh the page.</p>
      )}
      {servers.data !== undefined && server === undefined && <NoServersCard />}

      {server !== undefined && (
        <>
          {latest?.status === 'failed' && (
            <AuditFailureAlert
              audit={latest}
              guildDiscordId={server.discordId}
              onRunAgain={run}
              isStarting={runAudit.isPending}
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
            <LoadingStatus label="Loading your latest audit..." className="py-10" />
          ) : (
            <StatCards audit={detail.data} usage={user.isAdmin ? null : usage.data} usageFailed={usage.isError} />
          )}
          <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            <ServerOverviewCard server={server} />
            {!user.isAdmin && usage.data !== undefined && <UsageCard usage={usage.data} />}
            <ReportCard audit={detail.data} loading={loadingAudit} />
            <RecentActivityCard />
            {user.isAdmin && <AdminControlsCard />}
          </div>
        </>
      )}
      {server === undefined && user.isAdmin && <AdminControlsCard />}
    </div>
  );
}
