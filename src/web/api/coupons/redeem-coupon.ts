import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RedeemCouponRequest } from '../../../shared/contracts/coupons';
import { redeemCoupon } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';
import { entitlementKeys } from '../entitlements/entitlements';
import { serverKeys } from '../servers/servers';

/** A redemption grants an entitlement and may add the server, so both lists are refreshed. */
export function useRedeemCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RedeemCouponRequest) => callEndpoint(redeemCoupon, { body: request }),
    // Not idempotent: a retry after a lost answer could spend a second use of the coupon.
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: entitlementKeys.mine }),
        queryClient.invalidateQueries({ queryKey: serverKeys.mine }),
      ]),
  });
}
