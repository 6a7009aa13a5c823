import { useState } from 'react';
import { useSearch } from 'wouter';
import type { CurrentUser } from '../../../shared/contracts/auth';
import { AuditFailureAlert } from '../../components/audit/audit-failure-alert';
import { AuditProgressCard } from '../../components/audit/audit-progress-card';
import { LiveIndicator } from '../../components/audit/live-indicator';
import { useRunAudit } from '../../components/audit/use-run-audit';
import { LoadingStatus } from '../../components/loading-status';
import { NoServersCard } from '../../components/no-servers-card';
import { useAuditableServers } from '../../lib/auditable-servers';
import { useAudit, useServerAudits } from '../../lib/audits';
import { pickAudits } from '../../lib/audit-summary';
import { FILTER_PARAM, parseCheckFilter } from '../../lib/issues-link';
import { AuditHistoryCard } from './audit-history-card';
import { AuditToolbar } from './audit-toolbar';
import { SecurityChecklist } from './checklist/security-checklist';
import { RiskAssessmentCard } from './risk-assessment-card';
import { ScoreTrendCard } from './score-trend-card';

/** /audits (spec part 1 §2): choose a server, run and follow audits, work through the checklist. */
export function AuditsPage({ user }: { user: CurrentUser }) {
  const query = new URLSearchParams(useSearch());
  const requestedServer = query.get('server') ?? '';
  const requestedFilter = parseCheckFilter(query.get(FILTER_PARAM));
  const [chosen, setChosen] = useState(requestedServer);
  const servers = useAuditableServers(user);
  const server = servers.data?.find((item) => item.id === chosen) ?? servers.data?.[0];

  const audits = useServerAudits(server?.id);
  const { latest, latestCompleted, active } = pickAudits(audits.data);
  const detail = useAudit(latestCompleted?.id);
  const runAudit = useRunAudit();
  const busy = active !== undefined || runAudit.isPending;
  const run = () => runAudit.run(server?.id);

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
        isStarting={runAudit.isPending}
        onRun={run}
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
              isStarting={runAudit.isPending}
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
              <RiskAssessmentCard audit={latestCompleted} title={`Risk Assessment: ${server.name}`} />
              <ScoreTrendCard audits={audits.data} />
            </div>
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
            />
          )}
        </>
      )}

      <AuditHistoryCard />
    </div>
  );
}
