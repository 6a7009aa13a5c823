import { useQuery } from '@tanstack/react-query';
import { Server as ServerIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { Server } from '../../../shared/contracts/servers';
import { getAuditUsageOptions, listServerAuditsOptions } from '../../api/audits/audit-queries';
import { useServers } from '../../api/servers/servers';
import { LoadError } from '../../components/load-error';
import { LoadingStatus } from '../../components/loading-status';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDate } from '../../lib/format-date';
import { lastAuditSummary, serverUsageStatus, type UsageTone } from './billing-display';

const TONE_STYLES: Record<UsageTone, string> = {
  available: 'border-success/30 bg-success/15 text-success',
  'used-up': 'border-warning/40 bg-warning/15 text-warning',
  'no-plan': 'border-border bg-muted text-muted-foreground',
  unmetered: 'border-primary/30 bg-primary/15 text-primary',
};

function LastAudit({ serverId }: { serverId: string }) {
  const audits = useQuery(listServerAuditsOptions(serverId));
  if (audits.isPending) return <span className="text-muted-foreground">Loading…</span>;
  if (audits.isError) return <span className="text-muted-foreground">Not available</span>;
  const summary = lastAuditSummary(audits.data);
  if (summary.kind === 'running') return <span>Audit in progress</span>;
  if (summary.kind === 'never') return <span className="text-muted-foreground">Not audited yet</span>;
  return (
    <span>
      {formatDate(summary.completedAt)}
      {summary.riskScore !== null && <span className="tabular-nums"> · score {summary.riskScore}/100</span>}
    </span>
  );
}

function ServerRow({ server }: { server: Server }) {
  const usage = useQuery(getAuditUsageOptions(server.id));
  const status = usage.data === undefined ? undefined : serverUsageStatus(usage.data);
  return (
    <li className="grid gap-1.5 rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 truncate font-medium">{server.name}</h3>
        {status !== undefined && (
          <Badge variant="outline" className={TONE_STYLES[status.tone]}>
            {status.headline}
          </Badge>
        )}
      </div>
      <dl className="grid gap-x-4 gap-y-0.5 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Audits</dt>
        <dd>
          {usage.isPending && <span className="text-muted-foreground">Loading…</span>}
          {usage.isError && (
            <span className="text-destructive">
              Could not be loaded.{' '}
              <button
                type="button"
                className="underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-ring"
                onClick={() => void usage.refetch()}
              >
                Try again
              </button>
            </span>
          )}
          {status !== undefined && status.detail}
        </dd>
        <dt className="text-muted-foreground">Last audit</dt>
        <dd>
          <LastAudit serverId={server.id} />
        </dd>
      </dl>
    </li>
  );
}

/** Each of the user's servers with its audit quota and latest audit. */
export function ServerAuditStatusCard() {
  const servers = useServers({ enabled: true });
  return (
    <Card role="region" aria-labelledby="billing-servers-title" className="min-w-0">
      <CardHeader>
        <CardTitle id="billing-servers-title" className="flex items-center gap-2">
          <ServerIcon className="size-5 text-primary" aria-hidden="true" />
          Audit Status by Server
        </CardTitle>
        <CardDescription>How many audits each of your servers has left, and when it was last audited.</CardDescription>
      </CardHeader>
      <CardContent>
        {servers.isPending ? (
          <LoadingStatus label="Loading your servers..." className="py-0" />
        ) : servers.isError ? (
          <LoadError title="Your servers could not be loaded." onRetry={() => void servers.refetch()} />
        ) : servers.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            No servers found. Invite the bot to your Discord server to get started.
          </p>
        ) : (
          <ul className="grid gap-2" aria-label="Your servers">
            {servers.data.map((server) => (
              <ServerRow key={server.id} server={server} />
            ))}
          </ul>
        )}
        {servers.isSuccess && servers.data.length > 0 && (
          <Button asChild variant="link" className="mt-2 h-auto px-0">
            <Link href="/audits">Go to Security Audits</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
