import { ApiError, isUnauthorizedError } from '../../lib/api-errors';

export interface FailureToast {
  title: string;
  description: string;
  variant: 'destructive';
}

/** The server's own message when it sent one, else the screen's default wording. */
export function failureDescription(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage !== null ? error.serverMessage : fallback;
}

/** A failed submission: an expired session is said as such, anything else as the server put it. */
export function submitFailureToast(error: unknown): FailureToast {
  if (isUnauthorizedError(error)) {
    return {
      title: 'Authentication Required',
      description: 'Your session has expired. Please refresh the page and log in again, then try submitting evidence.',
      variant: 'destructive',
    };
  }
  return {
    title: 'Submission Failed',
    description: failureDescription(error, 'Failed to submit evidence'),
    variant: 'destructive',
  };
}
