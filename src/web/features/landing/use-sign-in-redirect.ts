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

/** Sends a signed-in user from / to where they belong once enough is known. */
export function useSignInRedirect(
  user: CurrentUser | null | undefined,
  entitlements: EntitlementsQuery,
): SignInRedirectState {
  const [, navigate] = useLocation();
  const { data, isError, isFetching, refetch } = entitlements;
  useEffect(() => {
    if (user === null || user === undefined) return;
    const target = signInRedirectTarget({ user, entitlements: data, justLoggedInAsAdmin: takeJustLoggedInAsAdmin() });
    if (target !== null) navigate(target, { replace: true });
  }, [user, data, navigate]);
  return {
    loadFailed: entitlementsLoadFailed({ user, entitlements: data, entitlementsFailed: isError }),
    retrying: isFetching,
    retry: () => void refetch(),
  };
}
