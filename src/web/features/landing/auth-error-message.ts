import type { AuthErrorCode } from '../../../shared/contracts/auth';

const MESSAGES: Record<AuthErrorCode, string> = {
  discord_auth_failed: 'Discord authentication failed. Please try again.',
  no_auth_code: 'Authentication code was not received from Discord.',
  token_exchange_failed: 'Failed to exchange authentication code. Please try again.',
  user_fetch_failed: 'Failed to fetch your Discord profile. Please try again.',
  auth_exception: 'An unexpected error occurred during authentication. Please try again.',
};

const FALLBACK = 'Authentication failed. Please try again.';

function isKnownCode(code: string): code is AuthErrorCode {
  return Object.hasOwn(MESSAGES, code);
}

/** The landing page's `error` parameter, as a sentence for the user. */
export function authErrorMessage(code: string): string {
  return isKnownCode(code) ? MESSAGES[code] : FALLBACK;
}

/** The address without its `error` parameter, so a reload does not show the message again. */
export function withoutErrorParam(pathname: string, search: string, hash: string): string {
  const params = new URLSearchParams(search);
  params.delete('error');
  const rest = params.toString();
  return `${pathname}${rest === '' ? '' : `?${rest}`}${hash}`;
}
