import { ArrowLeft, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { usePeerComparison } from '../../api/audits/audit-insights';
import { useAudit, useServerAudits } from '../../api/audits/audit-queries';
import { useAuditableServers } from '../../api/servers/servers';
import { LoadingStatus } from '../../components/loading-status';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { AuditFailureAlert } from '../../features/audits/audit-failure-alert';
import { AuditProgressCard } from '../../features/audits/audit-progress-card';
import { SecurityChecklist } from '../../features/audits/checklist/security-checklist';
import { AuditInfoCard } from '../../features/audits/results/audit-info-card';
import { peerPassShares } from '../../features/audits/peers/peer-comparison';
import { PeerStanding } from '../../features/audits/peers/peer-standing';
import { RiskAssessmentCard } from '../../features/audits/risk-assessment-card';
import { useRunAudit } from '../../features/audits/use-run-audit';
import { pickAudits } from '../../features/audits/audit-summary';
import { renderCheckEvidence } from '../../features/evidence/check-evidence';
import { useEvidenceLiveUpdates } from '../../features/evidence/use-evidence-live-updates';
import type { UserPageProps } from './page-props';

const NOT_FOUND_TEXT = "The audit you're looking for doesn't exist or you don't have permission to view it.";

function BackToAudits() {
  return (
    <Button asChild variant="outline">
      <Link href="/audits">
        <ArrowLeft aria-hidden="true" />
        Back to Audits
      </Link>
    </Button>
  );
}

function AuditNotFound() {
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader className="items-center text-center">
        <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-lg font-semibold">Audit Not Found</h1>
        <CardDescription>{NOT_FOUND_TEXT}</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <BackToAudits />
      </CardContent>
    </Card>
  );
}

/** /audits/{id}: one audit's risk assessment, checklist and details. */
function AuditResults({ user, auditId }: { user: UserPageProps['user']; auditId: string }) {
  const audit = useAudit(auditId);
  useEvidenceLiveUpdates();
  const servers = useAuditableServers(user);
  const serverId = audit.data?.serverId;
  const server = servers.data?.find((item) => item.id === serverId);
  // The server's list tells whether another audit of it is already running, which blocks a re-audit.
  const serverAudits = useServerAudits(serverId);
  const runAudit = useRunAudit();
  const busy = pickAudits(serverAudits.data).active !== undefined || runAudit.isPending;
  const peers = usePeerComparison(audit.data?.status === 'completed' ? auditId : undefined);

  useEffect(() => {
    if (audit.isError) toast({ title: 'Audit Not Found', description: NOT_FOUND_TEXT, variant: 'destructive' });
  }, [audit.isError]);

  if (audit.isError) return <AuditNotFound />;
  if (audit.data === undefined) {
    return <LoadingStatus label="Loading audit results..." className="justify-center py-16" />;
  }

  const data = audit.data;
  const run = () => runAudit.run(data.serverId);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">Security Audit Results</h1>
          <p className="text-sm text-muted-foreground">
            {server === undefined ? 'Audit details' : `Audit of ${server.name}`}
          </p>
        </div>
        <BackToAudits />
      </header>
      {(data.status === 'pending' || data.status === 'running') && (
        <AuditProgressCard audit={data} serverName={server?.name} />
      )}
      {data.status === 'failed' && (
        <AuditFailureAlert
          audit={data}
          guildDiscordId={server?.discordId}
          onRunAgain={run}
          isStarting={runAudit.isPending}
        />
      )}
      {data.status === 'completed' ? (
        <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
          <RiskAssessmentCard audit={data} unit="%" footer={<PeerStanding comparison={peers.data} showUnavailable />} />
          <AuditInfoCard audit={data} serverName={server?.name} />
        </div>
      ) : (
        <AuditInfoCard audit={data} serverName={server?.name} />
      )}
      {data.status === 'completed' && (
        <SecurityChecklist
          audit={data}
          isAdmin={user.isAdmin}
          onReAudit={run}
          reAuditDisabled={busy}
          renderCheckExtras={renderCheckEvidence}
          peerPassShares={peerPassShares(peers.data)}
        />
      )}
    </div>
  );
}

/** Keyed by the id, so moving to another audit starts from a clean page. */
export default function AuditResultsPage({ user, params }: UserPageProps) {
  const auditId = params.id ?? '';
  return <AuditResults key={auditId} user={user} auditId={auditId} />;
}
