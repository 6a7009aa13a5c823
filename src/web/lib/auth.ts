import { useMutation, useQuery } from '@tanstack/react-query';
import { CurrentUser, LogoutResponse } from '../../shared/contracts/auth';
import { getJson, requestJson } from './api-request';

/** Full-page navigation here starts Discord sign-in. */
export const SIGN_IN_URL = '/api/auth/discord';

export const currentUserQueryKey = ['/api/auth/me'] as const;

export async function getCurrentUser(): Promise<CurrentUser | null> {
  return CurrentUser.nullable().parse(await getJson('/api/auth/me', { on401: 'returnNull' }));
}

/** The signed-in user, or null for a visitor. Not retried: a failure means "treat as signed out". */
export function useCurrentUser() {
  return useQuery({ queryKey: currentUserQueryKey, queryFn: getCurrentUser, retry: false });
}

export async function logout(): Promise<void> {
  await requestJson(LogoutResponse, 'POST', '/api/auth/logout');
}

/** Signs out, then reloads at / so no state of the old session survives in memory. */
export function useLogout(options: { onError?: () => void } = {}) {
  return useMutation({
    mutationFn: logout,
    retry: false,
    onSuccess: () => {
      window.location.assign('/');
    },
    onError: options.onError,
  });
}
