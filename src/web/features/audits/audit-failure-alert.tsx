import { RotateCcw, TriangleAlert } from 'lucide-react';
import type { Audit } from '../../../shared/contracts/audits';
import { formatDateTime } from '../../lib/format-date';
import { Alert, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { InviteBotButton } from './invite-bot-button';

interface AuditFailureAlertProps {
  audit: Pick<Audit, 'failureReason' | 'createdAt'>;
  guildDiscordId: string | undefined;
  onRunAgain: () => void;
  isStarting: boolean;
}

/**
 * A failed run: why it failed, most often that the bot is not
 * in the server, with the invite and a second try side by side.
 */
export function AuditFailureAlert({ audit, guildDiscordId, onRunAgain, isStarting }: AuditFailureAlertProps) {
  return (
    <Alert variant="destructive" role="alert">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>The audit started {formatDateTime(audit.createdAt)} could not finish</AlertTitle>
      <div className="col-start-2 grid gap-3 text-sm">
        <p>{audit.failureReason ?? 'The audit failed for an unknown reason. Please try again.'}</p>
        <div className="flex flex-wrap gap-2">
          <InviteBotButton guildDiscordId={guildDiscordId} size="sm" />
          <Button size="sm" onClick={onRunAgain} disabled={isStarting}>
            <RotateCcw aria-hidden="true" />
            Run again
          </Button>
        </div>
      </div>
    </Alert>
  );
}
