import { CopyableId } from '../../components/copyable-id';
import { Save } from 'lucide-react';
import { useId, useState } from 'react';
import {
  ENGAGEMENT_STATUSES,
  type EngagementStatus,
  type ServiceEngagement,
} from '../../../shared/contracts/admin-commerce';
import { useUpdateServiceEngagement } from '../../api/admin-commerce/admin-commerce';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { failureMessage } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format-date';

export const ENGAGEMENT_STATUS_LABELS: Record<EngagementStatus, string> = {
  NEW: 'New',
  IN_PROGRESS: 'In Progress',
  COMPLETED: 'Completed',
  ON_HOLD: 'On Hold',
  CANCELLED: 'Cancelled',
};

const STATUS_VARIANT: Record<EngagementStatus, 'success' | 'secondary' | 'destructive' | 'outline'> = {
  NEW: 'outline',
  IN_PROGRESS: 'secondary',
  COMPLETED: 'success',
  ON_HOLD: 'outline',
  CANCELLED: 'destructive',
};

/** One engagement: staff pick any status and write notes, then save; completedAt is the server's to set. */
export function EngagementEditor({ engagement }: { engagement: ServiceEngagement }) {
  const id = useId();
  const [status, setStatus] = useState<EngagementStatus>(engagement.status);
  const [notes, setNotes] = useState(engagement.engineerNotes ?? '');
  const update = useUpdateServiceEngagement({
    onSuccess: () => toast({ title: 'Engagement Updated', variant: 'success' }),
    onError: (error) => toast({ title: 'Update Failed', description: failureMessage(error), variant: 'destructive' }),
  });

  return (
    <li className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-0.5">
          <h3 className="font-medium">{engagement.serverName}</h3>
          <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
            <span>
              Engagement <CopyableId id={engagement.id} label="engagement id" />
            </span>
            <span>
              Server <CopyableId id={engagement.serverId} label="server id" />
            </span>
            <span>{engagement.plan}</span>
            <span>Opened {formatDateTime(engagement.createdAt)}</span>
            {engagement.completedAt !== null && <span>Completed {formatDateTime(engagement.completedAt)}</span>}
          </p>
        </div>
        <Badge variant={STATUS_VARIANT[engagement.status]}>{ENGAGEMENT_STATUS_LABELS[engagement.status]}</Badge>
      </div>
      <form
        className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({
            id: engagement.id,
            body: {
              status,
              engineerNotes: notes.trim() === '' ? null : notes,
              completedAt: status === 'COMPLETED' ? new Date().toISOString() : null,
            },
          });
        }}
      >
        <div className="grid gap-2">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <Select value={status} onValueChange={(value) => setStatus(value as EngagementStatus)}>
            <SelectTrigger id={`${id}-status`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ENGAGEMENT_STATUSES.map((value) => (
                <SelectItem key={value} value={value}>
                  {ENGAGEMENT_STATUS_LABELS[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-notes`}>Engineer notes</Label>
          <Textarea
            id={`${id}-notes`}
            rows={2}
            maxLength={10_000}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={update.isPending} className="w-fit">
          {update.isPending ? <Spinner className="size-4" /> : <Save aria-hidden="true" />}
          Save
        </Button>
      </form>
    </li>
  );
}
