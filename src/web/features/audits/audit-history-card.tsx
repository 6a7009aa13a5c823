import { ChevronDown, Eye, FileSearch, GitCompareArrows, History } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { Link } from 'wouter';
import { AuditStatusBadge, RiskScoreBadge } from './audit-badges';
import { Button } from '../../components/ui/button';
import { LoadingStatus } from '../../components/loading-status';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import type { UserAudit } from '../../../shared/contracts/audits';
import { useUserAudits } from '../../api/audits/audit-queries';
import { formatDateTime } from '../../lib/format-date';
import { auditChangesPath } from '../../../shared/monitoring-rules';

/** The history shows at most ten audits. */
export const HISTORY_LIMIT = 10;

function HistoryRow({ audit }: { audit: UserAudit }) {
  const href = `/audits/${encodeURIComponent(audit.id)}`;
  return (
    <li className="rounded-lg border">
      <Collapsible.Root>
        <Collapsible.Trigger className="group flex w-full flex-wrap items-center gap-x-3 gap-y-1.5 rounded-lg p-3 text-left text-sm hover:bg-accent/50 focus-visible:outline-2 focus-visible:outline-ring">
          <ChevronDown
            className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
            aria-hidden="true"
          />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{audit.serverName}</span>
            <span className="block text-xs text-muted-foreground">{formatDateTime(audit.createdAt)}</span>
          </span>
          <AuditStatusBadge status={audit.status} />
          <RiskScoreBadge score={audit.riskScore} />
        </Collapsible.Trigger>
        <Collapsible.Content className="grid gap-3 border-t px-3 py-3 text-sm">
          {audit.status === 'failed' ? (
            <p className="text-destructive">{audit.failureReason ?? 'The audit could not finish.'}</p>
          ) : (
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
              {[
                ['Passed', audit.passedChecks],
                ['Failed', audit.failedChecks],
                ['Critical', audit.criticalIssues],
                ['Unknown', audit.unknownChecks],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="font-semibold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          )}
          <div className="flex flex-wrap gap-2">
            {audit.status === 'completed' && (
              <Button asChild variant="outline" size="sm">
                <Link href={auditChangesPath(audit.serverId, audit.id)}>
                  <GitCompareArrows aria-hidden="true" />
                  What changed
                  <span className="sr-only">
                    {' '}
                    in {audit.serverName} at {formatDateTime(audit.createdAt)}
                  </span>
                </Link>
              </Button>
            )}
            <Button asChild variant="outline" size="sm">
              <Link href={`${href}/evidence`}>
                <FileSearch aria-hidden="true" />
                Evidence
              </Link>
            </Button>
            <Button asChild size="sm">
              <Link href={href}>
                <Eye aria-hidden="true" />
                View
              </Link>
            </Button>
          </div>
        </Collapsible.Content>
      </Collapsible.Root>
    </li>
  );
}

export function AuditHistoryCard() {
  const audits = useUserAudits();
  const recent = (audits.data ?? []).slice(0, HISTORY_LIMIT);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-5 text-primary" aria-hidden="true" />
          Audit History
        </CardTitle>
        <CardDescription>Your {HISTORY_LIMIT} most recent audits across your servers.</CardDescription>
      </CardHeader>
      <CardContent>
        {audits.isPending ? (
          <LoadingStatus label="Loading audit history..." className="py-0" />
        ) : audits.isError ? (
          <p className="text-sm text-destructive">The audit history could not be loaded. Please refresh the page.</p>
        ) : recent.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            No audits yet. Run your first audit above.
          </p>
        ) : (
          <ul className="grid gap-2" aria-label="Recent audits">
            {recent.map((audit) => (
              <HistoryRow key={audit.id} audit={audit} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
