import { useMutation } from '@tanstack/react-query';
import { logout } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';

/** Signs out, then reloads at / so no state of the old session survives in memory. */
export function useLogout(options: { onError?: () => void } = {}) {
  return useMutation({
    mutationFn: () => callEndpoint(logout),
    retry: false,
    onSuccess: () => {
      window.location.assign('/');
    },
    onError: options.onError,
  });
}
