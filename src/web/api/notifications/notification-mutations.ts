import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '../../../shared/contracts/notifications';
import { markNotificationRead, respondToNotification } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';
import { invalidateEvidenceQueries } from '../evidence/evidence-keys';
import { invalidateNotificationQueries } from './notification-keys';

function markRead(notificationId: string): Promise<Notification> {
  return callEndpoint(markNotificationRead, { params: { id: notificationId } });
}

/** Marks one notification read; the bell, its count and the page refresh. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSettled: () => invalidateNotificationQueries(queryClient),
  });
}

/**
 * Marks every given notification read, one call after another as the spec asks, and answers how many
 * were marked. It stops at the first failure; those marked before it stay read.
 */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (notificationIds: readonly string[]) => {
      for (const id of notificationIds) await markRead(id);
      return notificationIds.length;
    },
    // Marking read is one-way, so repeating a lost call is harmless, but a retry of the whole run is not needed.
    retry: false,
    onSettled: () => invalidateNotificationQueries(queryClient),
  });
}

export interface RespondInput {
  notificationId: string;
  message: string;
}

/** Answers a staff reply or a review; the answer is the owner's message in that thread. */
export function useRespondToNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ notificationId, message }: RespondInput) =>
      callEndpoint(respondToNotification, { params: { id: notificationId }, body: { message } }),
    // Not idempotent: a repeated request would post the message twice.
    retry: false,
    onSuccess: () => Promise.all([invalidateEvidenceQueries(queryClient), invalidateNotificationQueries(queryClient)]),
  });
}
