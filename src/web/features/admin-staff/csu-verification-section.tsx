import { Check, KeyRound, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { CsuVerificationRow } from '../../../shared/contracts/admin-staff';
import { useCsuVerification, useUpdateCsuVerification } from '../../api/admin-staff/admin-staff';
import { CopyableId } from '../../components/copyable-id';
import { LoadError } from '../../components/load-error';
import { LoadingStatus } from '../../components/loading-status';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { failureMessage } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format-date';
import { csuStatusLabel } from './csu-status';
import { SectionEmpty } from './section-states';

const STATUS_VARIANT = { Pending: 'outline', Verified: 'success', Denied: 'destructive' } as const;

function CsuRow({ row }: { row: CsuVerificationRow }) {
  const id = useId();
  const [notes, setNotes] = useState(row.adminNotes ?? '');
  const [decision, setDecision] = useState<boolean | null>(null);
  const update = useUpdateCsuVerification({
    onSuccess: () => toast({ title: 'CSU Verification Updated', variant: 'success' }),
    onError: (error) => toast({ title: 'Update Failed', description: failureMessage(error), variant: 'destructive' }),
  });
  const decide = (verified: boolean) => {
    setDecision(verified);
    update.mutate({ serverId: row.id, verified, adminNotes: notes.trim() === '' ? null : notes.trim() });
  };
  const status = csuStatusLabel(row.csulVerified);
  return (
    <li className="grid gap-3 rounded-lg border p-4" aria-labelledby={`${id}-name`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h3 id={`${id}-name`} className="font-medium">
            {row.name}
          </h3>
          <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <div className="flex items-center gap-1">
              <dt>Owner</dt>
              <dd>{row.ownerId === null ? 'Unknown' : <CopyableId id={row.ownerId} length={12} label="owner id" />}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Last audit</dt>
              <dd>
                {row.lastAuditDate === null
                  ? 'None yet'
                  : `${row.auditRiskScore ?? '–'}/100 on ${formatDateTime(row.lastAuditDate)}`}
              </dd>
            </div>
            <div className="flex gap-1">
              <dt>Certificate</dt>
              <dd className="capitalize">{row.certificateStatus ?? 'None'}</dd>
            </div>
            {row.decidedAt !== null && (
              <div className="flex gap-1">
                <dt>Decided</dt>
                <dd>{formatDateTime(row.decidedAt)}</dd>
              </div>
            )}
          </dl>
        </div>
        <Badge variant={STATUS_VARIANT[status]}>{status}</Badge>
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-notes`}>Admin notes</Label>
          <Textarea
            id={`${id}-notes`}
            rows={2}
            maxLength={2000}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
        <div className="flex gap-2">
          <Button type="button" disabled={update.isPending} onClick={() => decide(true)}>
            {update.isPending && decision === true ? (
              <Spinner className="size-4 text-current" />
            ) : (
              <Check aria-hidden="true" />
            )}
            Approve
            <span className="sr-only"> the CSU account of {row.name}</span>
          </Button>
          <Button type="button" variant="destructive" disabled={update.isPending} onClick={() => decide(false)}>
            {update.isPending && decision === false ? (
              <Spinner className="size-4 text-current" />
            ) : (
              <X aria-hidden="true" />
            )}
            Deny
            <span className="sr-only"> the CSU account of {row.name}</span>
          </Button>
        </div>
      </div>
    </li>
  );
}

/** The admin page's CSU Verification section: one row per server, to approve or deny its cold super user account. */
export function CsuVerificationSection() {
  const rows = useCsuVerification();
  if (rows.isPending) return <LoadingStatus label="Loading CSU verification..." className="py-2" />;
  if (rows.isError) {
    return <LoadError title="The CSU verification list could not be loaded." onRetry={() => void rows.refetch()} />;
  }
  if (rows.data.length === 0) {
    return (
      <SectionEmpty
        icon={KeyRound}
        title="No servers yet"
        hint="Each server that signs up appears here, to verify its owner's cold super user account."
      />
    );
  }
  return (
    <ul className="grid gap-3" aria-label="CSU verification, one row per server">
      {rows.data.map((row) => (
        <CsuRow key={row.id} row={row} />
      ))}
    </ul>
  );
}
