import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { invalidateEvidenceQueries } from '../../../api/evidence/evidence-keys';
import { onRealtimeReconnect, useRealtimeEvent, useStaffRoom } from '../../../lib/realtime';

/**
 * Keeps a staff view current without reloading: in the staff room, every new thread, message, decision
 * or submission refreshes what the panel shows, and so does a reconnect (events may have been missed).
 * The toasts for these events are shown app-wide, not here.
 */
export function useReviewLiveUpdates(): void {
  const queryClient = useQueryClient();
  useStaffRoom(true);
  const refresh = useCallback(() => void invalidateEvidenceQueries(queryClient), [queryClient]);
  useRealtimeEvent('evidence.submitted', refresh);
  useRealtimeEvent('thread.created', refresh);
  useRealtimeEvent('message.created', refresh);
  useRealtimeEvent('thread.decision', refresh);
  useEffect(() => onRealtimeReconnect(refresh), [refresh]);
}
