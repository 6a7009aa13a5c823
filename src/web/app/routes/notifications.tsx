import { NotificationsView } from '../../features/notifications/notifications-view';

/** /notifications. */
export default function NotificationsPage() {
  return <NotificationsView />;
}
