import { useCallback } from 'react';
import { useLocation } from 'wouter';
import type { Notification } from '../../../shared/contracts/notifications';
import { useMarkNotificationRead } from '../../api/notifications/notification-mutations';
import { toast } from '../../components/ui/use-toast';
import { inAppPath } from './action-url';

export function showMarkReadFailed(): void {
  toast({ title: 'Error', description: 'Failed to mark notification as read', variant: 'destructive' });
}

/**
 * Opening a notification marks it read (the bell and the page refresh), then goes to its actionUrl, if it
 * has one of this app, without reloading the page.
 */
export function useOpenNotification(): (notification: Notification) => Promise<void> {
  const [, navigate] = useLocation();
  const markRead = useMarkNotificationRead();
  const { mutateAsync } = markRead;
  return useCallback(
    async (notification: Notification) => {
      if (!notification.isRead) {
        try {
          await mutateAsync(notification.id);
        } catch {
          showMarkReadFailed();
        }
      }
      const path = inAppPath(notification.actionUrl, window.location.origin);
      if (path !== null) navigate(path);
    },
    [mutateAsync, navigate],
  );
}
