import type { CurrentUser } from '../../shared/contracts/auth';
import { useAuditUpdates } from '../api/audits/use-audit-updates';
import { toast } from '../components/ui/use-toast';
import { useRealtimeConnection, useRealtimeEvent } from '../lib/realtime';
import { useAppLiveUpdates } from './use-app-live-updates';

/** The server reported a problem on the live connection. */
function showConnectionError(): void {
  toast({
    title: 'Connection Error',
    description: 'Real-time updates may be delayed. Please refresh if issues persist.',
    variant: 'destructive',
  });
}

/** Keeps the signed-in user's live connection open and routes its events to the data they change. */
export default function LiveUpdates({ user }: { user: CurrentUser }) {
  useRealtimeEvent('error', showConnectionError);
  useAuditUpdates();
  useAppLiveUpdates(user);
  useRealtimeConnection(user.id);
  return null;
}
