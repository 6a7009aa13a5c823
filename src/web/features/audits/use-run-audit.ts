import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Audit } from '../../../shared/contracts/audits';
import { auditKeys } from '../../api/audits/audit-keys';
import { useCreateAudit } from '../../api/audits/audit-mutations';
import { useServerAudits } from '../../api/audits/audit-queries';
import { toast } from '../../components/ui/use-toast';
import { startAuditErrorDescription } from './audit-errors';

interface StartedAudit {
  auditId: string;
  serverId: string;
}

const hasFailed = (audits: readonly Audit[] | undefined, auditId: string) =>
  audits?.some((audit) => audit.id === auditId && audit.status === 'failed') === true;

/**
 * Starts an audit with its 'Audit Started' and 'Failed to Start Audit' toasts; shared by 'Run New Audit', 'Re-Audit' and 'Run Re-Audit'.
 * One start at a time: a second click before the first answer would only meet "already running".
 * An audit that fails at once (the bot is not in the server) shows its failure alone, without 'Audit Started'.
 */
export function useRunAudit() {
  const start = useCreateAudit();
  const queryClient = useQueryClient();
  const starting = useRef(false);
  const startedToast = useRef<{ auditId: string; dismiss: () => void } | null>(null);
  const [started, setStarted] = useState<StartedAudit | null>(null);
  const startedServerAudits = useServerAudits(started?.serverId);

  const failedAtOnce = started !== null && hasFailed(startedServerAudits.data, started.auditId);
  useEffect(() => {
    if (!failedAtOnce || startedToast.current?.auditId !== started?.auditId) return;
    startedToast.current?.dismiss();
    startedToast.current = null;
  }, [failedAtOnce, started?.auditId]);

  const run = (serverId: string | undefined): void => {
    if (serverId === undefined || serverId === '') {
      toast({ title: 'No Server Selected', description: 'Please select a server to audit.', variant: 'destructive' });
      return;
    }
    if (starting.current) return;
    starting.current = true;
    start.mutate(serverId, {
      onSuccess: (audit) => {
        setStarted({ auditId: audit.id, serverId: audit.serverId });
        if (hasFailed(queryClient.getQueryData<Audit[]>(auditKeys.ofServer(audit.serverId)), audit.id)) return;
        const shown = toast({
          title: 'Audit Started',
          description: 'Security audit is now running. This may take a few minutes.',
          variant: 'success',
        });
        startedToast.current = { auditId: audit.id, dismiss: shown.dismiss };
      },
      onError: (error) =>
        toast({
          title: 'Failed to Start Audit',
          description: startAuditErrorDescription(error),
          variant: 'destructive',
        }),
      onSettled: () => {
        starting.current = false;
      },
    });
  };
  return { run, isPending: start.isPending };
}
