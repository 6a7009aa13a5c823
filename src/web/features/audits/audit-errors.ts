import { ApiError } from '../../lib/api-errors';

export const START_AUDIT_FALLBACK = 'Unable to start audit. Please try again.';
export const UPDATE_CHECK_FALLBACK = 'Failed to update check status';
export const OVERRIDE_CHECK_FALLBACK = 'Failed to override check status';

const ACCESS_DENIED = /access denied|forbidden/i;

function isAccessDenied(error: unknown, text: string): boolean {
  return (error instanceof ApiError && error.status === 403) || ACCESS_DENIED.test(text);
}

const serverMessageOf = (error: unknown): string | null => (error instanceof ApiError ? error.serverMessage : null);

/**
 * Description of the 'Failed to Start Audit' toast: the server's JSON message,
 * prefixed 'Access Denied - ' when access was refused (no plan, quota used up); otherwise the error
 * text; otherwise a generic line.
 */
export function startAuditErrorDescription(error: unknown): string {
  const message = serverMessageOf(error);
  if (message !== null && message.trim() !== '') {
    return isAccessDenied(error, message) ? `Access Denied - ${message}` : message;
  }
  if (error instanceof ApiError && error.bodyText.trim() !== '' && isAccessDenied(error, error.bodyText)) {
    return `Access Denied - ${error.bodyText.trim()}`;
  }
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return START_AUDIT_FALLBACK;
}

/** Description of the 'Update Failed' and 'Override Failed' toasts: the server's message, else the default. */
export function checkUpdateErrorDescription(error: unknown, fallback: string): string {
  const message = serverMessageOf(error);
  return message !== null && message.trim() !== '' ? message : fallback;
}
