import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BypassRequest } from '../../../shared/contracts/paywall';
import { bypassPaywall } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';
import { authKeys } from '../auth/current-user';
import { entitlementKeys } from '../entitlements/entitlements';

/** A bypass code may make the user staff and grants an entitlement, so both are read again. */
export function useBypassPaywall(options: { onSuccess: () => void; onError: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BypassRequest) => callEndpoint(bypassPaywall, { body: request }),
    // A rejected code stays rejected, and repeated attempts look like guessing to the server's limits.
    retry: false,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.currentUser }),
        queryClient.invalidateQueries({ queryKey: entitlementKeys.mine }),
      ]);
      options.onSuccess();
    },
    onError: options.onError,
  });
}
