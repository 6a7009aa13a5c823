import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CurrentUser } from '../../shared/contracts/auth';
import { auditKeys } from '../api/audits/audit-keys';
import { invalidateEvidenceQueries } from '../api/evidence/evidence-keys';
import { invalidateNotificationQueries } from '../api/notifications/notification-keys';
import { toast, type ToastOptions } from '../components/ui/use-toast';
import { onRealtimeReconnect, useRealtimeEvent, useStaffRoom } from '../lib/realtime';
import { decisionToast, evidenceSubmittedToast, messageToast } from './live-toasts';

function show(options: ToastOptions | null): void {
  if (options !== null) toast(options);
}

/**
 * Evidence, threads and notifications, app-wide: each event refreshes what it changes and tells the user
 * what others did. Staff are in the staff room on every page, so new evidence reaches them anywhere.
 */
export function useAppLiveUpdates(user: CurrentUser): void {
  const queryClient = useQueryClient();
  // Who wrote each thread's latest message: evidence arrives as a message first, then `evidence.submitted`.
  const lastAuthors = useRef(new Map<string, string | undefined>());
  useStaffRoom(user.isAdmin);

  useRealtimeEvent('thread.created', () => void invalidateEvidenceQueries(queryClient));
  useRealtimeEvent('message.created', (event) => {
    lastAuthors.current.set(event.threadId, event.message.fromUser?.username);
    void invalidateEvidenceQueries(queryClient);
    void invalidateNotificationQueries(queryClient);
    show(messageToast(event, user));
  });
  useRealtimeEvent('thread.decision', (event) => {
    void invalidateEvidenceQueries(queryClient);
    void invalidateNotificationQueries(queryClient);
    // The score, counts and the check's status changed; every audit view may show them.
    void queryClient.invalidateQueries({ queryKey: auditKeys.all });
    show(decisionToast(event, user));
  });
  useRealtimeEvent('evidence.submitted', (event) => {
    void invalidateEvidenceQueries(queryClient);
    void invalidateNotificationQueries(queryClient);
    show(evidenceSubmittedToast(event, user, lastAuthors.current.get(event.threadId)));
  });
  useRealtimeEvent('notification.created', () => void invalidateNotificationQueries(queryClient));

  // Events sent while the connection was down are lost: whatever is on screen is asked for again.
  useEffect(() => onRealtimeReconnect(() => void queryClient.invalidateQueries()), [queryClient]);
}
