import { ExternalLink, FileSearch, MessagesSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { EvidenceSubmission } from '../../../shared/contracts/evidence';
import { EVIDENCE_TYPE_LABELS } from '../../../shared/evidence-rules';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format-date';
import { EvidenceStatusBadge } from './evidence-badges';
import { prettyJson, previewOf } from './evidence-text';
import { MessageAttachments } from './message-attachments';

function EvidenceContent({ evidence }: { evidence: EvidenceSubmission }) {
  const pretty = evidence.type === 'json' ? prettyJson(evidence.content) : null;
  if (pretty !== null) {
    return (
      <pre className="rounded-md border bg-muted p-3 font-mono text-xs break-all whitespace-pre-wrap">{pretty}</pre>
    );
  }
  return <p className="text-sm break-words whitespace-pre-wrap">{evidence.content}</p>;
}

function LinkButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link href={href}>{children}</Link>
    </Button>
  );
}

function AdminNotes({ evidence }: { evidence: EvidenceSubmission }) {
  if (evidence.reviewNotes === null || evidence.reviewNotes.trim() === '') {
    return (
      <p className="text-sm text-muted-foreground">
        {evidence.status === 'PENDING' ? 'Awaiting review by Rampart staff.' : 'No admin notes.'}
      </p>
    );
  }
  const by = evidence.reviewedBy === null ? '' : ` by ${evidence.reviewedBy.username}`;
  const when = evidence.reviewedAt === null ? '' : ` on ${formatDateTime(evidence.reviewedAt)}`;
  return (
    <div className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm">
      <p className="font-medium">
        Admin notes{by}
        {when}
      </p>
      <p className="break-words whitespace-pre-wrap">{evidence.reviewNotes}</p>
    </div>
  );
}

const threadHref = (evidence: EvidenceSubmission) => `/evidence/threads/${encodeURIComponent(evidence.threadId)}`;
const auditHref = (evidence: EvidenceSubmission) => `/audits/${encodeURIComponent(evidence.auditId)}`;

function Heading({ evidence }: { evidence: EvidenceSubmission }) {
  return (
    <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
      <div className="grid min-w-0 gap-1">
        <CardTitle level={3} className="text-base">
          {evidence.checkResult?.checkName ?? evidence.checkId}
        </CardTitle>
        <p className="text-xs text-muted-foreground">
          {evidence.serverName} · {EVIDENCE_TYPE_LABELS[evidence.type]} · submitted {formatDateTime(evidence.createdAt)}
          {evidence.submittedBy === null ? '' : ` by ${evidence.submittedBy.username}`}
        </p>
      </div>
      <EvidenceStatusBadge status={evidence.status} />
    </CardHeader>
  );
}

/** One submission in full, as the audit's Evidence Status page lists it. */
export function EvidenceSubmissionCard({ evidence }: { evidence: EvidenceSubmission }) {
  return (
    <Card>
      <Heading evidence={evidence} />
      <CardContent className="grid gap-3">
        {evidence.description !== null && evidence.description !== evidence.content && (
          <p className="text-sm">
            <span className="font-medium">Description: </span>
            {evidence.description}
          </p>
        )}
        <EvidenceContent evidence={evidence} />
        <MessageAttachments attachments={evidence.attachments} />
        <AdminNotes evidence={evidence} />
        <dl className="grid gap-x-6 gap-y-1 text-xs sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-muted-foreground">Check ID</dt>
            <dd className="font-mono break-all">{evidence.checkId}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-muted-foreground">Submission ID</dt>
            <dd className="font-mono break-all">{evidence.id}</dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        <LinkButton href={threadHref(evidence)}>
          <MessagesSquare aria-hidden="true" />
          View Discussion
        </LinkButton>
        <LinkButton href={auditHref(evidence)}>
          <ExternalLink aria-hidden="true" />
          View Audit
        </LinkButton>
      </CardFooter>
    </Card>
  );
}

/** One submission in brief, as Evidence Reviews lists them: its content cut to 200 characters. */
export function EvidencePreviewCard({ evidence }: { evidence: EvidenceSubmission }) {
  return (
    <Card>
      <Heading evidence={evidence} />
      <CardContent className="grid gap-2">
        <p className="text-sm break-words whitespace-pre-wrap">{previewOf(evidence.content)}</p>
        {evidence.reviewNotes !== null && evidence.reviewNotes.trim() !== '' && (
          <p className="text-sm text-muted-foreground">
            <span className="font-medium text-foreground">Admin notes: </span>
            {previewOf(evidence.reviewNotes)}
          </p>
        )}
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        <LinkButton href={`${auditHref(evidence)}/evidence`}>
          <FileSearch aria-hidden="true" />
          Evidence Status
        </LinkButton>
        <LinkButton href={auditHref(evidence)}>
          <ExternalLink aria-hidden="true" />
          View Audit
        </LinkButton>
        <LinkButton href={threadHref(evidence)}>
          <MessagesSquare aria-hidden="true" />
          View Discussion
        </LinkButton>
      </CardFooter>
    </Card>
  );
}
