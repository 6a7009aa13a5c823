import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../../shared/contracts/auth';
import { listEntitlements } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';

export const entitlementKeys = {
  mine: ['entitlements', 'mine'] as const,
};

export const listEntitlementsOptions = () =>
  queryOptions({ queryKey: entitlementKeys.mine, queryFn: () => callEndpoint(listEntitlements) });

/** Admins skip entitlement checks, so the list is fetched only for signed-in non-admins. */
export function useEntitlements(user: CurrentUser | null | undefined) {
  return useQuery({
    ...listEntitlementsOptions(),
    enabled: user !== null && user !== undefined && !user.isAdmin,
  });
}
