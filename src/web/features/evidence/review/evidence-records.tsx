import { ExternalLink, FileSearch } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { EvidenceSubmission } from '../../../../shared/contracts/evidence';
import type { AdminServer } from '../../../../shared/contracts/servers';
import {
  EVIDENCE_PREVIEW_LENGTH,
  EVIDENCE_STATUSES,
  EVIDENCE_TYPE_LABELS,
  type EvidenceStatus,
} from '../../../../shared/evidence-rules';
import { useEvidenceRecords } from '../../../api/evidence/review-queries';
import { LoadingStatus } from '../../../components/loading-status';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { formatDateTime } from '../../../lib/format-date';
import { EvidenceStatusBadge } from '../evidence-badges';
import { cutText } from './review-threads';
import { threadDetailHref } from './thread-review';

const ALL = 'ALL';

const EVIDENCE_STATUS_LABELS: Record<EvidenceStatus, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

function RecordItem({ record }: { record: EvidenceSubmission }) {
  return (
    <li className="grid gap-2 rounded-lg border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <EvidenceStatusBadge status={record.status} />
        <span className="font-medium">{record.checkResult?.checkName ?? record.checkId}</span>
        <span className="text-muted-foreground">on {record.serverName}</span>
        <span className="text-xs text-muted-foreground">({EVIDENCE_TYPE_LABELS[record.type]})</span>
      </div>
      <p className="break-words whitespace-pre-wrap">{cutText(record.content, EVIDENCE_PREVIEW_LENGTH)}</p>
      {record.description !== null && record.description !== '' && (
        <p className="text-muted-foreground">Description: {record.description}</p>
      )}
      {record.reviewNotes !== null && record.reviewNotes !== '' && (
        <p className="text-muted-foreground">Notes: {record.reviewNotes}</p>
      )}
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <div className="flex gap-1">
          <dt>Submitted</dt>
          <dd>
            {formatDateTime(record.createdAt)}
            {record.submittedBy !== null && ` by ${record.submittedBy.username}`}
          </dd>
        </div>
        {record.reviewedAt !== null && (
          <div className="flex gap-1">
            <dt>Reviewed</dt>
            <dd>
              {formatDateTime(record.reviewedAt)}
              {record.reviewedBy !== null && ` by ${record.reviewedBy.username}`}
            </dd>
          </div>
        )}
        <div className="flex gap-1">
          <dt>Id</dt>
          <dd className="font-mono">{record.id}</dd>
        </div>
      </dl>
      <Link
        href={threadDetailHref(record.threadId)}
        className="inline-flex w-fit items-center gap-1 text-primary underline-offset-4 hover:underline"
      >
        <ExternalLink className="size-3.5" aria-hidden="true" />
        Open thread
      </Link>
    </li>
  );
}

/** Evidence records as stored, per server or for all, by status: what staff check when a thread looks wrong. */
export function EvidenceRecords({
  servers,
  serversLoading,
}: {
  servers: AdminServer[] | undefined;
  serversLoading: boolean;
}) {
  const id = useId();
  const [serverId, setServerId] = useState(ALL);
  const [status, setStatus] = useState(ALL);
  const chosenStatus = EVIDENCE_STATUSES.find((value) => value === status);
  const records = useEvidenceRecords(serverId === ALL ? null : serverId, chosenStatus);

  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-server`}>Server</Label>
          <Select value={serverId} onValueChange={setServerId} disabled={serversLoading}>
            <SelectTrigger id={`${id}-server`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All servers</SelectItem>
              {servers?.map((server) => (
                <SelectItem key={server.id} value={server.id}>
                  {server.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-status`}>Evidence status</Label>
          <Select value={status} onValueChange={setStatus}>
            <SelectTrigger id={`${id}-status`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All Statuses</SelectItem>
              {EVIDENCE_STATUSES.map((value: EvidenceStatus) => (
                <SelectItem key={value} value={value}>
                  {EVIDENCE_STATUS_LABELS[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      {records.isPending ? (
        <LoadingStatus label="Loading evidence records..." className="py-2" />
      ) : records.isError ? (
        <p className="text-sm text-destructive">The evidence records could not be loaded. Please try again.</p>
      ) : records.data.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-6 text-center text-sm">
          <FileSearch className="size-6 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">
            {serverId === ALL ? 'No evidence found on any server' : 'No evidence found for this server'}
          </p>
        </div>
      ) : (
        <ul className="grid gap-2" aria-label="Evidence records" aria-busy={records.isPlaceholderData}>
          {records.data.map((record) => (
            <RecordItem key={record.id} record={record} />
          ))}
        </ul>
      )}
    </div>
  );
}
