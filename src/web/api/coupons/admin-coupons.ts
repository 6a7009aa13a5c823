import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateCouponRequest } from '../../../shared/contracts/coupons';
import { createCoupon, deleteCoupon, listCoupons, revokeCoupon } from '../../../shared/contracts/routes';
import { callEndpoint, type AnswerOf } from '../../lib/api-client';

export const couponKeys = {
  all: ['coupons'] as const,
};

export const listCouponsOptions = () =>
  queryOptions({ queryKey: couponKeys.all, queryFn: () => callEndpoint(listCoupons) });

/** Every coupon, for staff (the admin page's Coupons section). */
export function useCoupons() {
  return useQuery(listCouponsOptions());
}

export type CreatedCoupon = AnswerOf<typeof createCoupon>;

// None of these is repeated on failure: a second creation would mint a second code, and a revoke or delete
// whose answer was lost has already happened.

export function useCreateCoupon(outcome: {
  onSuccess: (created: CreatedCoupon) => void;
  onError: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCouponRequest) => callEndpoint(createCoupon, { body }),
    retry: false,
    onSuccess: async (created) => {
      outcome.onSuccess(created);
      await queryClient.invalidateQueries({ queryKey: couponKeys.all });
    },
    onError: outcome.onError,
  });
}

/** Revoke or delete one coupon by id; the list is read again either way. */
export function useCouponAction(
  action: 'revoke' | 'delete',
  outcome: { onSuccess: () => void; onError: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      if (action === 'revoke') await callEndpoint(revokeCoupon, { params: { id } });
      else await callEndpoint(deleteCoupon, { params: { id } });
    },
    retry: false,
    onSuccess: () => outcome.onSuccess(),
    onError: outcome.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}
