import { useAuditUpdates } from '../api/audits/use-audit-updates';
import { toast } from '../components/ui/use-toast';
import { useRealtimeConnection, useRealtimeEvent } from '../lib/realtime';

/** The server reported a problem on the live connection. */
function showConnectionError(): void {
  toast({
    title: 'Connection Error',
    description: 'Real-time updates may be delayed. Please refresh if issues persist.',
    variant: 'destructive',
  });
}

/** Keeps the signed-in user's live connection open and routes its events to the data they change. */
export default function LiveUpdates({ userId }: { userId: string }) {
  useRealtimeEvent('error', showConnectionError);
  useAuditUpdates();
  useRealtimeConnection(userId);
  return null;
}
