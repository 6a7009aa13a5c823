import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../evidence-rules.js';
import { IdParams } from './audits.js';
import { endpoint } from './endpoint.js';
import { EvidenceThread, ThreadMessage } from './evidence.js';

export const NotificationType = z.enum(NOTIFICATION_TYPES);

export const Notification = z.object({
  id: z.string(),
  type: NotificationType,
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  /** The same as isRead: the spec's client reads either. */
  read: z.boolean(),
  /** Where to act on it, a path of this app; null when there is nothing to open. */
  actionUrl: z.string().nullable(),
  /** The thread a response lands in (ADMIN_FEEDBACK, EVIDENCE_REVIEWED); null otherwise. */
  threadId: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof Notification>;
export const NotificationList = z.array(Notification);

export const ListNotificationsQuery = z.object({
  unread: z.enum(['true', 'false']).optional(),
});
export const NotificationCount = z.object({ count: z.number().int() });
export const RespondRequest = z.object({
  message: z.string().trim().min(1, 'Please enter a response message').max(20_000),
});
export const RespondResponse = z.object({ thread: EvidenceThread, message: ThreadMessage });

export const listNotifications = endpoint({
  name: 'listNotifications',
  method: 'GET',
  path: '/api/notifications',
  access: 'user',
  summary: "The caller's notifications, newest first (the latest 200; `unread=true` for unread only).",
  query: ListNotificationsQuery,
  response: NotificationList,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED'],
});

export const countUnreadNotifications = endpoint({
  name: 'countUnreadNotifications',
  method: 'GET',
  path: '/api/notifications/count',
  access: 'user',
  summary: "How many of the caller's notifications are unread.",
  response: NotificationCount,
  status: 200,
  errors: ['UNAUTHORIZED'],
});

export const markNotificationRead = endpoint({
  name: 'markNotificationRead',
  method: 'PUT',
  path: '/api/notifications/:id/read',
  access: 'user',
  summary: 'Mark one of the caller’s notifications read (one-way).',
  params: IdParams,
  response: Notification,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND'],
});

export const respondToNotification = endpoint({
  name: 'respondToNotification',
  method: 'POST',
  path: '/api/notifications/:id/respond',
  access: 'user',
  summary: "Answer a staff reply or a review: the answer becomes the caller's message in that thread.",
  params: IdParams,
  body: RespondRequest,
  response: RespondResponse,
  status: 201,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND', 'THREAD_RESOLVED'],
});
