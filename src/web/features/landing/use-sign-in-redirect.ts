import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '../../../shared/contracts/auth';
import type { Entitlement } from '../../../shared/contracts/entitlements';
import { takeJustLoggedInAsAdmin } from '../../lib/session-flags';
import { signInRedirectTarget } from './sign-in-redirect';

/** Sends a signed-in user from / to where they belong once enough is known (spec part 1 §4). */
export function useSignInRedirect(user: CurrentUser | null | undefined, entitlements: Entitlement[] | undefined): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (user === null || user === undefined) return;
    const target = signInRedirectTarget({ user, entitlements, justLoggedInAsAdmin: takeJustLoggedInAsAdmin() });
    if (target !== null) navigate(target, { replace: true });
  }, [user, entitlements, navigate]);
}
