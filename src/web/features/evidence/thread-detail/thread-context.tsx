import { ExternalLink, FileSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ThreadDetail } from '../../../../shared/contracts/evidence';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format-date';
import { EvidenceStatusBadge, ThreadStatusBadge } from '../evidence-badges';

const CHECK_STATUS_TEXT = { PASS: 'Passed', FAIL: 'Failed', WAIVED: 'Waived', UNKNOWN: 'Unknown' } as const;
const SEVERITY_TEXT = { CRITICAL: 'Critical', HIGH: 'High', MEDIUM: 'Medium', LOW: 'Low' } as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/** What the thread is about: the check and its result, the server and the audit, the evidence's status. */
export function ThreadContext({ detail }: { detail: ThreadDetail }) {
  const { thread, audit, server, checkResult, evidence } = detail;
  const auditHref = `/audits/${encodeURIComponent(audit.id)}`;
  const latestEvidence = evidence[0];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{checkResult?.checkName ?? thread.checkResult?.checkName ?? 'Unknown Check'}</CardTitle>
        <div>
          <ThreadStatusBadge status={thread.status} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3">
          <Fact label="Server">{server.name}</Fact>
          {checkResult !== null && (
            <>
              <Fact label="Check result">
                {CHECK_STATUS_TEXT[checkResult.status]} · {SEVERITY_TEXT[checkResult.severity]} severity
              </Fact>
              {checkResult.waiverExpiresAt !== null && (
                <Fact label="Waiver">Waiver expires {formatDateTime(checkResult.waiverExpiresAt)}</Fact>
              )}
            </>
          )}
          <Fact label="Check ID">
            <span className="font-mono">{thread.checkId}</span>
          </Fact>
          <Fact label="Audit">
            {formatDateTime(audit.createdAt)}
            {audit.riskScore === null ? '' : ` · risk score ${audit.riskScore}/100`}
          </Fact>
          <Fact label="Opened">
            {formatDateTime(thread.createdAt)}
            {thread.user === null ? '' : ` by ${thread.user.username}`}
          </Fact>
          {latestEvidence !== undefined && (
            <Fact label="Evidence">
              <EvidenceStatusBadge status={latestEvidence.status} />
              {evidence.length > 1 && (
                <span className="ml-2 text-xs text-muted-foreground">{evidence.length} submissions</span>
              )}
            </Fact>
          )}
        </dl>
        {checkResult !== null && checkResult.whyThisMatters !== '' && (
          <p className="text-sm text-muted-foreground">{checkResult.whyThisMatters}</p>
        )}
        <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <Link
            href={auditHref}
            className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
          >
            <ExternalLink className="size-3.5" aria-hidden="true" />
            View Audit
          </Link>
          <Link
            href={`${auditHref}/evidence`}
            className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
          >
            <FileSearch className="size-3.5" aria-hidden="true" />
            Evidence Status
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
