import type { CurrentUser } from '../../shared/contracts/auth';
import type { ServerEventPayload } from '../../shared/contracts/realtime';
import type { ToastOptions } from '../components/ui/use-toast';

type Viewer = Pick<CurrentUser, 'username' | 'isAdmin'>;

/** How much of a staff reply the 'Admin Reply' toast quotes. */
export const ADMIN_REPLY_PREVIEW_LENGTH = 100;

export function messageStart(text: string, length = ADMIN_REPLY_PREVIEW_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length).trimEnd()}...` : flat;
}

/** A staff reply reaches the owner side as 'Admin Reply'; staff see replies in their panel, not as toasts. */
export function messageToast(event: ServerEventPayload<'message.created'>, viewer: Viewer): ToastOptions | null {
  const { message } = event;
  if (!message.isAdminMessage || viewer.isAdmin || message.fromUser?.username === viewer.username) return null;
  return { title: 'Admin Reply', description: messageStart(message.message) };
}

/** The owner side hears the decision; staff made it (or see it in the review panel). */
export function decisionToast(event: ServerEventPayload<'thread.decision'>, viewer: Viewer): ToastOptions | null {
  if (viewer.isAdmin) return null;
  const score = event.auditStatistics.riskScore;
  return event.decision === 'APPROVED'
    ? {
        title: 'Evidence approved',
        description:
          score === null
            ? 'Your evidence was approved: the check now counts as passed.'
            : `Your evidence was approved: the check now counts as passed and your score is ${score}/100.`,
      }
    : {
        title: 'Evidence rejected',
        description: 'Your evidence was rejected: the check stays failed. The admin notes are in the thread.',
      };
}

/**
 * New evidence to review, for staff only (the event goes to the staff room), unless this staff member sent
 * it: `authorOfLastMessage` is who wrote the thread's latest message, pushed just before this event.
 */
export function evidenceSubmittedToast(
  event: ServerEventPayload<'evidence.submitted'>,
  viewer: Viewer,
  authorOfLastMessage: string | undefined,
): ToastOptions | null {
  if (!viewer.isAdmin || authorOfLastMessage === viewer.username) return null;
  return {
    title: 'New Evidence',
    description: `${event.serverName}: evidence on ${event.checkName} awaits review.`,
  };
}
