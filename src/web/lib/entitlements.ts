import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../shared/contracts/auth';
import { EntitlementList, type Entitlement } from '../../shared/contracts/entitlements';
import { requestJson } from './api-request';

export const entitlementsQueryKey = ['/api/entitlements'] as const;

export function getEntitlements(): Promise<Entitlement[]> {
  return requestJson(EntitlementList, 'GET', '/api/entitlements');
}

/** Admins skip entitlement checks, so the list is fetched only for signed-in non-admins (spec §4). */
export function useEntitlements(user: CurrentUser | null | undefined) {
  return useQuery({
    queryKey: entitlementsQueryKey,
    queryFn: getEntitlements,
    enabled: user !== null && user !== undefined && !user.isAdmin,
  });
}
