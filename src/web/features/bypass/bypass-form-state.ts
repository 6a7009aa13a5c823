import { BypassRequest } from '../../../shared/contracts/paywall';
import { ApiError } from '../../lib/api-errors';

export const DEFAULT_BYPASS_USERNAME = 'admin';
export const BYPASS_CODE_MAX_LENGTH = 256;
export const BYPASS_USERNAME_MAX_LENGTH = 100;

export interface BypassFields {
  code: string;
  username: string;
  serverId: string;
}

export const MISSING_INFORMATION = {
  title: 'Missing Information',
  description: 'Please enter a bypass code, username, and select a server.',
} as const;

const INVALID_CODE_FALLBACK = 'The bypass code is invalid or has expired.';

/** The request to send (code and username trimmed), or null while a field is missing. */
export function toBypassRequest(fields: BypassFields): BypassRequest | null {
  const parsed = BypassRequest.safeParse(fields);
  return parsed.success ? parsed.data : null;
}

/**
 * The 'Invalid Code' toast text. The server's message is shown when it is about the code; a 404
 * (no such route yet) or a 5xx (internals hidden) gets the standard sentence instead.
 */
export function bypassFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== 404 && error.status < 500) {
    return error.serverMessage ?? INVALID_CODE_FALLBACK;
  }
  return INVALID_CODE_FALLBACK;
}
