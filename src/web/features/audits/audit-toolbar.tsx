import { Play } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Server } from '../../../shared/contracts/servers';
import { InviteBotButton } from './invite-bot-button';
import { ServerSelect } from '../../components/server-select';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { useAuditUsage } from '../../api/audits/audit-queries';
import { usageMessage } from './audit-usage';

/** The page's checkout of one extra audit of a server, offered where the quota is used up. */
type BuyExtraAudit = (serverId: string) => ReactNode;

interface AuditToolbarProps {
  isAdmin: boolean;
  servers: Server[] | undefined;
  serversLoading: boolean;
  server: Server | undefined;
  onServerChange: (serverId: string) => void;
  /** An audit of the chosen server is pending or running, or one is being started. */
  busy: boolean;
  isStarting: boolean;
  onRun: () => void;
  buyExtraAudit?: BuyExtraAudit;
}

function UsageNote({ serverId, buyExtraAudit }: { serverId: string; buyExtraAudit: BuyExtraAudit | undefined }) {
  const usage = useAuditUsage(serverId, { enabled: true });
  if (usage.data === undefined || usage.data.isAdmin) return null;
  const message = usageMessage(usage.data);
  if (message.canAudit) return <p className="text-sm text-muted-foreground">{message.headline}</p>;
  return (
    <p className="text-sm">
      <span className="font-medium text-warning">{message.headline}</span>{' '}
      {message.actions.map((action, index) => (
        <span key={action.href}>
          {index > 0 && ' or '}
          {action.buysExtraAudit === true && buyExtraAudit !== undefined ? (
            buyExtraAudit(serverId)
          ) : (
            <Link href={action.href} className="font-medium underline underline-offset-4">
              {action.label}
            </Link>
          )}
        </span>
      ))}
    </p>
  );
}

/** Server choice, 'Run New Audit' and 'Invite'; admins choose among all servers. */
export function AuditToolbar({
  isAdmin,
  servers,
  serversLoading,
  server,
  onServerChange,
  busy,
  isStarting,
  onRun,
  buyExtraAudit,
}: AuditToolbarProps) {
  const selectId = useId();
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <div className="grid gap-4 md:grid-cols-[minmax(0,24rem)_auto] md:items-end md:justify-between">
          <div className="grid gap-1.5">
            <Label htmlFor={selectId}>{isAdmin ? 'Server (all servers)' : 'Server'}</Label>
            <ServerSelect
              id={selectId}
              servers={servers}
              isLoading={serversLoading}
              value={server?.id ?? ''}
              onValueChange={onServerChange}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button onClick={onRun} disabled={busy}>
              {isStarting ? <Spinner className="size-4 text-current" /> : <Play aria-hidden="true" />}
              Run New Audit
            </Button>
            <InviteBotButton guildDiscordId={server?.discordId} />
          </div>
        </div>
        {busy && !isStarting && (
          <p className="text-sm text-muted-foreground">
            An audit is running for this server. You can start another once it finishes.
          </p>
        )}
        {!isAdmin && server !== undefined && <UsageNote serverId={server.id} buyExtraAudit={buyExtraAudit} />}
      </CardContent>
    </Card>
  );
}
