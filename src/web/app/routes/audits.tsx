import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { useDriftAlerts } from '../../api/monitoring/monitoring-queries';
import { useAuditableServers } from '../../api/servers/servers';
import { LoadingStatus } from '../../components/loading-status';
import { NoServersCard } from '../../features/servers/no-servers-card';
import { usePeerComparison } from '../../api/audits/audit-insights';
import { AuditChangesCard } from '../../features/audits/changes/audit-changes-card';
import { pickChangesAudit } from '../../features/audits/changes/audit-changes';
import { peerPassShares } from '../../features/audits/peers/peer-comparison';
import { PeerStanding } from '../../features/audits/peers/peer-standing';
import { AuditFailureAlert } from '../../features/audits/audit-failure-alert';
import { AuditHistoryCard } from '../../features/audits/audit-history-card';
import { AuditProgressCard } from '../../features/audits/audit-progress-card';
import { AuditToolbar } from '../../features/audits/audit-toolbar';
import { SecurityChecklist } from '../../features/audits/checklist/security-checklist';
import { FILTER_PARAM, parseCheckFilter } from '../../features/audits/issues-link';
import { LiveIndicator } from '../../features/audits/live-indicator';
import { RiskAssessmentCard } from '../../features/audits/risk-assessment-card';
import { ScoreTrendCard } from '../../features/audits/score-trend-card';
import { useServerAudit } from '../../features/audits/use-server-audit';
import { MonitoringCard } from '../../features/monitoring/monitoring-card';
import { BuyExtraAuditButton } from '../../features/paywall/buy-extra-audit-button';
import { renderCheckEvidence } from '../../features/evidence/check-evidence';
import { useEvidenceLiveUpdates } from '../../features/evidence/use-evidence-live-updates';
import type { UserPageProps } from './page-props';

/** The query parameter naming the audit whose changes are shown (monitoring-rules' auditChangesPath). */
const CHANGES_PARAM = 'changes';

/** /audits: choose a server, run and follow audits, work through the checklist. */
export default function AuditsPage({ user }: UserPageProps) {
  const query = new URLSearchParams(useSearch());
  const requestedServer = query.get('server') ?? '';
  const requestedFilter = parseCheckFilter(query.get(FILTER_PARAM));
  const requestedChanges = query.get(CHANGES_PARAM);
  const [chosen, setChosen] = useState(requestedServer);
  // A 'What changed' link followed while on this page names a server the selector must move to.
  useEffect(() => {
    if (requestedServer !== '') setChosen(requestedServer);
  }, [requestedServer, requestedChanges]);
  const servers = useAuditableServers(user);
  useEvidenceLiveUpdates();
  const server = servers.data?.find((item) => item.id === chosen) ?? servers.data?.[0];

  const { audits, latest, latestCompleted, active, detail, isStarting, busy, run } = useServerAudit(server?.id, {
    withUsage: false,
  });
  const driftAlerts = useDriftAlerts(server?.id);
  const changesAudit = pickChangesAudit(audits.data, requestedChanges);
  const peers = usePeerComparison(latestCompleted?.id);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">Security Audits</h1>
          <p className="text-sm text-muted-foreground">
            Run an audit, follow its progress and work through the 20-point checklist.
          </p>
        </div>
        <LiveIndicator />
      </header>

      <AuditToolbar
        isAdmin={user.isAdmin}
        servers={servers.data}
        serversLoading={servers.isPending}
        server={server}
        onServerChange={setChosen}
        busy={busy}
        isStarting={isStarting}
        onRun={run}
        buyExtraAudit={(serverId) => <BuyExtraAuditButton serverId={serverId} size="sm" />}
      />

      {servers.isError && (
        <p className="text-sm text-destructive">Your servers could not be loaded. Please refresh the page.</p>
      )}
      {servers.data !== undefined && servers.data.length === 0 && <NoServersCard />}

      {server !== undefined && (
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
          {audits.isPending && <LoadingStatus label="Loading audits..." />}
          {audits.isError && (
            <p className="text-sm text-destructive">
              The audits of this server could not be loaded. Please refresh the page.
            </p>
          )}
          {latestCompleted !== undefined && audits.data !== undefined && (
            <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
              <RiskAssessmentCard
                audit={latestCompleted}
                title={`Risk Assessment: ${server.name}`}
                footer={<PeerStanding comparison={peers.data} showUnavailable={false} />}
              />
              <ScoreTrendCard audits={audits.data} alerts={driftAlerts.data} />
            </div>
          )}
          {changesAudit !== undefined && audits.data !== undefined && (
            <AuditChangesCard
              key={changesAudit.id}
              audit={changesAudit}
              audits={audits.data}
              scrollIntoView={changesAudit.id === requestedChanges}
            />
          )}
          {latestCompleted !== undefined && detail.isPending && <LoadingStatus label="Loading the checklist..." />}
          {latestCompleted !== undefined && detail.isError && (
            <p className="text-sm text-destructive">The checklist could not be loaded. Please refresh the page.</p>
          )}
          {audits.isSuccess && (latestCompleted === undefined || detail.isSuccess) && (
            <SecurityChecklist
              key={`${server.id}-${requestedFilter}`}
              audit={detail.data}
              initialFilter={requestedFilter}
              isAdmin={user.isAdmin}
              onReAudit={run}
              reAuditDisabled={busy}
              renderCheckExtras={renderCheckEvidence}
              peerPassShares={peerPassShares(peers.data)}
            />
          )}
          {/* Below the checklist: its settings arriving later never move the checks under the reader. */}
          <MonitoringCard key={server.id} serverId={server.id} isAdmin={user.isAdmin} />
        </>
      )}

      <AuditHistoryCard />
    </div>
  );
}
