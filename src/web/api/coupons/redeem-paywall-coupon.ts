import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RedeemCouponRequest } from '../../../shared/contracts/coupons';
import { redeemPaywallCoupon } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';
import { entitlementKeys } from '../entitlements/entitlements';
import { serverKeys } from '../servers/servers';

/** The paywall's coupon form; like the redeem screen's, it grants an entitlement, so the lists are read again. */
export function useRedeemPaywallCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RedeemCouponRequest) => callEndpoint(redeemPaywallCoupon, { body: request }),
    // Not idempotent: a retry after a lost answer could spend a second use of the coupon.
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: entitlementKeys.mine }),
        queryClient.invalidateQueries({ queryKey: serverKeys.mine }),
      ]),
  });
}
