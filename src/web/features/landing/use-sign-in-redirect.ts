import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '../../../shared/contracts/auth';
import type { Entitlement } from '../../../shared/contracts/entitlements';
import { takeJustLoggedInAsAdmin } from './session-flags';
import { entitlementsLoadFailed, signInRedirectTarget } from './sign-in-redirect';

/** The parts of the entitlements query the redirect needs. */
interface EntitlementsQuery {
  data: Entitlement[] | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

export interface SignInRedirectState {
  /** The entitlements could not be loaded, so the user cannot be sent on. */
  loadFailed: boolean;
  /** A retry is under way. */
  retrying: boolean;
  retry: () => void;
}

/**
 * Sends a signed-in user from / to where they belong once enough is known. `prepare` loads the
 * target page's code first, so the page shows as soon as the address changes.
 */
export function useSignInRedirect(
  user: CurrentUser | null | undefined,
  entitlements: EntitlementsQuery,
  prepare: (path: string) => Promise<void>,
): SignInRedirectState {
  const [, navigate] = useLocation();
  const { data, isError, isFetching, refetch } = entitlements;
  useEffect(() => {
    if (user === null || user === undefined) return;
    const target = signInRedirectTarget({ user, entitlements: data, justLoggedInAsAdmin: takeJustLoggedInAsAdmin() });
    if (target === null) return;
    // Code that fails to load is reported by the page itself, so the redirect goes ahead regardless.
    const go = () => navigate(target, { replace: true });
    prepare(target).then(go, go);
  }, [user, data, navigate, prepare]);
  return {
    loadFailed: entitlementsLoadFailed({ user, entitlements: data, entitlementsFailed: isError }),
    retrying: isFetching,
    retry: () => void refetch(),
  };
}
