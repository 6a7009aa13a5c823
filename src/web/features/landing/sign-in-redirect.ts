import type { CurrentUser } from '../../../shared/contracts/auth';
import type { Entitlement } from '../../../shared/contracts/entitlements';

interface RedirectInput {
  user: CurrentUser | null | undefined;
  /** undefined while the list is loading (or not fetched, for admins). */
  entitlements: Entitlement[] | undefined;
  justLoggedInAsAdmin: boolean;
}

/** Where a signed-in user at / belongs, or null to stay on the landing page. */
export function signInRedirectTarget({
  user,
  entitlements,
  justLoggedInAsAdmin,
}: RedirectInput): '/dashboard' | '/paywall' | null {
  if (user === null || user === undefined) return null;
  if (justLoggedInAsAdmin || user.isAdmin) return '/dashboard';
  if (entitlements === undefined) return null;
  return entitlements.length > 0 ? '/dashboard' : '/paywall';
}

interface LoadFailedInput {
  user: CurrentUser | null | undefined;
  entitlements: Entitlement[] | undefined;
  /** The entitlements query gave up (after its retries). */
  entitlementsFailed: boolean;
}

/**
 * Whether the landing page must say the plan could not be loaded: a signed-in non-admin whose
 * entitlements failed to load would otherwise stay on / with no redirect and no message.
 */
export function entitlementsLoadFailed({ user, entitlements, entitlementsFailed }: LoadFailedInput): boolean {
  if (user === null || user === undefined || user.isAdmin) return false;
  return entitlementsFailed && entitlements === undefined;
}
