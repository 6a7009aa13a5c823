import { useStartAudit } from '../../lib/audit-mutations';
import { startAuditErrorDescription } from '../../lib/audit-errors';
import { toast } from '../ui/use-toast';

/** Starts an audit with the spec's toasts (part 1 §5, §8); shared by 'Run New Audit', 'Re-Audit' and 'Run Re-Audit'. */
export function useRunAudit() {
  const start = useStartAudit();
  const run = (serverId: string | undefined): void => {
    if (serverId === undefined || serverId === '') {
      toast({ title: 'No Server Selected', description: 'Please select a server to audit.', variant: 'destructive' });
      return;
    }
    start.mutate(serverId, {
      onSuccess: () =>
        toast({ title: 'Audit Started', description: 'Security audit is now running. This may take a few minutes.', variant: 'success' }),
      onError: (error) => toast({ title: 'Failed to Start Audit', description: startAuditErrorDescription(error), variant: 'destructive' }),
    });
  };
  return { run, isPending: start.isPending };
}
