import type { QueryClient } from '@tanstack/react-query';
import { authKeys } from '../api/auth/current-user';

/** Pages where a 401 is expected (a visitor may be there) and must not bounce to /. */
const STAY_ON_AUTH_ERROR = new Set(['/', '/paywall', '/about-our-audit']);

export function shouldLeaveAfterAuthError(pathname: string): boolean {
  return !STAY_ON_AUTH_ERROR.has(pathname);
}

/**
 * Drops everything cached for the session that just ended, so none of it is shown to whoever signs
 * in next. The current user is reset rather than removed: the router keeps observing it, shows its
 * loader and learns who, if anyone, is still signed in.
 */
export function forgetSessionData(client: QueryClient): Promise<void> {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.currentUser[0] });
  client.getMutationCache().clear();
  return client.resetQueries({ queryKey: authKeys.currentUser });
}
