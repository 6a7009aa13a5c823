import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateServiceEngagementRequest } from '../../../shared/contracts/admin-commerce';
import {
  listAdminEntitlements,
  listServiceEngagements,
  updateServiceEngagement,
} from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';

export const adminCommerceKeys = {
  entitlements: ['admin', 'entitlements'] as const,
  engagements: ['admin', 'service-engagements'] as const,
};

/** Every entitlement, for staff (the admin page's Entitlements section and Revenue card). */
export function useAdminEntitlements() {
  return useQuery({ queryKey: adminCommerceKeys.entitlements, queryFn: () => callEndpoint(listAdminEntitlements) });
}

/** Every Full Service engagement, for staff (the Service Engagements section and its cards). */
export function useServiceEngagements() {
  return useQuery({ queryKey: adminCommerceKeys.engagements, queryFn: () => callEndpoint(listServiceEngagements) });
}

/** Saves one engagement's status and notes; the list (and the cards) are read again either way. */
export function useUpdateServiceEngagement(outcome: { onSuccess: () => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: UpdateServiceEngagementRequest }) =>
      callEndpoint(updateServiceEngagement, { params: { id: input.id }, body: input.body }),
    retry: false,
    onSuccess: () => outcome.onSuccess(),
    onError: outcome.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCommerceKeys.engagements }),
  });
}
