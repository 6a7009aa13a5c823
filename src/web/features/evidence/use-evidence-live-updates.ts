import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { auditKeys } from '../../api/audits/audit-keys';
import { invalidateEvidenceQueries } from '../../api/evidence/evidence-keys';
import { onRealtimeReconnect, useRealtimeEvent } from '../../lib/realtime';

/**
 * Keeps a page's evidence views current: a new message or a decision refetches the evidence queries on
 * screen, a decision also the audits (its score, counts and checklist changed), and so does a reconnect,
 * after which anything may have changed.
 */
export function useEvidenceLiveUpdates(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('message.created', () => void invalidateEvidenceQueries(queryClient));
  useRealtimeEvent('thread.created', () => void invalidateEvidenceQueries(queryClient));
  useRealtimeEvent('thread.decision', () => {
    void invalidateEvidenceQueries(queryClient);
    void queryClient.invalidateQueries({ queryKey: auditKeys.all });
  });
  useEffect(
    () =>
      onRealtimeReconnect(() => {
        void invalidateEvidenceQueries(queryClient);
        void queryClient.invalidateQueries({ queryKey: auditKeys.all });
      }),
    [queryClient],
  );
}
