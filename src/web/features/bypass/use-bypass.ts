import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BypassRequest } from '../../../shared/contracts/paywall';
import { apiRequest } from '../../lib/api-request';
import { currentUserQueryKey } from '../../lib/auth';
import { entitlementsQueryKey } from '../../lib/entitlements';

/** The answer body is not used (spec part 1 §7): success is all that matters. */
export async function redeemBypassCode(request: BypassRequest): Promise<void> {
  await apiRequest('POST', '/api/paywall/bypass', request);
}

export function useBypassCode(options: { onSuccess: () => void; onError: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemBypassCode,
    // A rejected code stays rejected, and repeated attempts look like guessing to the server's limits.
    retry: false,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: entitlementsQueryKey }),
      ]);
      options.onSuccess();
    },
    onError: options.onError,
  });
}
