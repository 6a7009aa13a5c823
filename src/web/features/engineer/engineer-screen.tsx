import { BookOpen, FolderOpen, Gavel, Server as ServerIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { Audit } from '../../../shared/contracts/audits';
import type { CurrentUser } from '../../../shared/contracts/auth';
import { useServerAudits } from '../../api/audits/audit-queries';
import { useAuditableServers } from '../../api/servers/servers';
import { LoadError } from '../../components/load-error';
import { LoadingStatus } from '../../components/loading-status';
import { ServerSelect } from '../../components/server-select';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatDateTime } from '../../lib/format-date';
import { AuditOverridePanel } from './audit-override-panel';
import { RunbooksPanel } from './runbooks-panel';

function auditLabel(audit: Audit): string {
  const date = formatDateTime(audit.createdAt);
  return audit.status === 'completed' ? date : `${date} (${audit.status})`;
}

/** Only a completed audit has results to override; the newest one is chosen first. */
function defaultAuditId(audits: readonly Audit[] | undefined): string {
  return audits?.find((audit) => audit.status === 'completed')?.id ?? audits?.[0]?.id ?? '';
}

function NoServers() {
  return (
    <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-6 text-center text-sm">
      <ServerIcon className="size-6 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">No servers found</p>
    </div>
  );
}

function AuditSelect(props: { id: string; audits: Audit[]; value: string; onValueChange: (id: string) => void }) {
  return (
    <Select value={props.value} onValueChange={props.onValueChange} disabled={props.audits.length === 0}>
      <SelectTrigger id={props.id}>
        <SelectValue placeholder={props.audits.length === 0 ? 'No audits yet' : 'Select an audit'} />
      </SelectTrigger>
      <SelectContent>
        {props.audits.map((audit) => (
          <SelectItem key={audit.id} value={audit.id}>
            {auditLabel(audit)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** Pick a server (the owner's own, or any for staff) and one of its audits, then act on it. */
function useSelection(user: CurrentUser) {
  const servers = useAuditableServers(user);
  const [chosenServer, setChosenServer] = useState('');
  const serverId = chosenServer !== '' ? chosenServer : (servers.data?.[0]?.id ?? '');
  const audits = useServerAudits(serverId === '' ? undefined : serverId);
  const [chosenAudit, setChosenAudit] = useState<{ serverId: string; auditId: string } | null>(null);
  const auditId =
    chosenAudit !== null && chosenAudit.serverId === serverId ? chosenAudit.auditId : defaultAuditId(audits.data);
  return {
    servers,
    audits,
    serverId,
    auditId,
    chooseServer: setChosenServer,
    chooseAudit: (id: string) => setChosenAudit({ serverId, auditId: id }),
  };
}

interface EngineerScreenProps {
  user: CurrentUser;
  /** Evidence Management: the page hands in the evidence feature's view of one audit's evidence. */
  renderAuditEvidence: (auditId: string) => ReactNode;
}

/** /engineer: Manual Audit Override, with DIY Security Instructions and Evidence Management beside it. */
export function EngineerScreen({ user, renderAuditEvidence }: EngineerScreenProps) {
  const id = useId();
  const selection = useSelection(user);
  const { servers, audits, serverId, auditId } = selection;
  const noServers = servers.data !== undefined && servers.data.length === 0;

  const selectors = (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-server`}>Server</Label>
        <ServerSelect
          id={`${id}-server`}
          servers={servers.data}
          isLoading={servers.isPending}
          value={serverId}
          onValueChange={selection.chooseServer}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-audit`}>Audit</Label>
        <AuditSelect
          id={`${id}-audit`}
          audits={audits.data ?? []}
          value={auditId}
          onValueChange={selection.chooseAudit}
        />
      </div>
    </div>
  );

  const needsAudit = (content: (auditId: string) => ReactNode) => {
    if (servers.isError)
      return <LoadError title="The servers could not be loaded." onRetry={() => void servers.refetch()} />;
    if (noServers) return <NoServers />;
    if (servers.isPending || audits.isPending) return <LoadingStatus label="Loading audits..." />;
    if (audits.isError)
      return <LoadError title="The audits could not be loaded." onRetry={() => void audits.refetch()} />;
    if (auditId === '') {
      return <p className="text-sm text-muted-foreground">This server has no audit yet. Run one from the dashboard.</p>;
    }
    return content(auditId);
  };

  return (
    <Tabs defaultValue="override" orientation="vertical" className="grid gap-6 lg:grid-cols-[14rem_1fr]">
      <TabsList aria-label="Tools" className="h-auto flex-col items-stretch gap-1 lg:sticky lg:top-20 lg:self-start">
        <TabsTrigger value="override" className="justify-start">
          <Gavel aria-hidden="true" />
          Manual Audit Override
        </TabsTrigger>
        <TabsTrigger value="instructions" className="justify-start">
          <BookOpen aria-hidden="true" />
          DIY Security Instructions
        </TabsTrigger>
        <TabsTrigger value="evidence" className="justify-start">
          <FolderOpen aria-hidden="true" />
          Evidence Management
        </TabsTrigger>
      </TabsList>
      <div className="grid min-w-0 content-start gap-4">
        <TabsContent value="override" className="mt-0 grid gap-4">
          {selectors}
          {needsAudit((selected) => (
            <AuditOverridePanel auditId={selected} isAdmin={user.isAdmin} />
          ))}
        </TabsContent>
        <TabsContent value="instructions" className="mt-0">
          <RunbooksPanel />
        </TabsContent>
        <TabsContent value="evidence" className="mt-0 grid gap-4">
          {selectors}
          {needsAudit(renderAuditEvidence)}
        </TabsContent>
      </div>
    </Tabs>
  );
}
