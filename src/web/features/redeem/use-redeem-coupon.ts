import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RedeemCouponResponse, type RedeemCouponRequest } from '../../../shared/contracts/coupons';
import { requestJson } from '../../lib/api-request';
import { entitlementsQueryKey } from '../../lib/entitlements';
import { serversQueryKey } from '../../lib/servers';

export function redeemCoupon(request: RedeemCouponRequest): Promise<RedeemCouponResponse> {
  return requestJson(RedeemCouponResponse, 'POST', '/api/coupons/redeem', request);
}

/** A redemption grants an entitlement and may add the server, so both lists are refreshed. */
export function useRedeemCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemCoupon,
    // Not idempotent: a retry after a lost answer could spend a second use of the coupon.
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: entitlementsQueryKey }),
        queryClient.invalidateQueries({ queryKey: serversQueryKey }),
      ]),
  });
}
