import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCurrentUser } from '../../../shared/contracts/routes';
import { callEndpointOrNullIfSignedOut } from '../../lib/api-client';

export const authKeys = {
  currentUser: ['auth', 'current-user'] as const,
};

/** The signed-in user, or null for a visitor. Not retried: a failure means "treat as signed out". */
export const getCurrentUserOptions = () =>
  queryOptions({
    queryKey: authKeys.currentUser,
    queryFn: () => callEndpointOrNullIfSignedOut(getCurrentUser),
    retry: false,
  });

export function useCurrentUser() {
  return useQuery(getCurrentUserOptions());
}
