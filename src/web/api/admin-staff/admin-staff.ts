import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateTestAccountRequest, StaffAction } from '../../../shared/contracts/admin-staff';
import {
  createTestAccount,
  deleteTestAccount,
  listCsuVerification,
  listStaffActions,
  listTestAccounts,
  updateCsuVerification,
} from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';

export const adminStaffKeys = {
  csu: ['admin', 'csu-verification'] as const,
  testAccounts: ['admin', 'test-accounts'] as const,
  activity: ['admin', 'activity'] as const,
};

/** How many audit-trail entries one page of the Activity section holds. */
export const ACTIVITY_PAGE_SIZE = 50;

interface Outcome<T = void> {
  onSuccess: (result: T) => void;
  onError: (error: Error) => void;
}

/** Every staff action is written to the audit trail, so the Activity section is read again after each one. */
function invalidateAfterStaffAction(queryClient: ReturnType<typeof useQueryClient>, key: readonly string[]) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: key }),
    queryClient.invalidateQueries({ queryKey: adminStaffKeys.activity }),
  ]);
}

/** One row per server: its CSU decision, last audit and certificate (the CSU Verification section). */
export function useCsuVerification() {
  return useQuery({ queryKey: adminStaffKeys.csu, queryFn: () => callEndpoint(listCsuVerification) });
}

export function useUpdateCsuVerification(outcome: Outcome) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { serverId: string; verified: boolean; adminNotes: string | null }) =>
      callEndpoint(updateCsuVerification, {
        params: { serverId: input.serverId },
        body: { verified: input.verified, adminNotes: input.adminNotes },
      }),
    retry: false,
    onSuccess: () => outcome.onSuccess(),
    onError: outcome.onError,
    onSettled: () => invalidateAfterStaffAction(queryClient, adminStaffKeys.csu),
  });
}

export function useTestAccounts() {
  return useQuery({ queryKey: adminStaffKeys.testAccounts, queryFn: () => callEndpoint(listTestAccounts) });
}

// Creation and deletion are not repeated on failure: a lost answer means the change has probably happened.

export function useCreateTestAccount(outcome: Outcome) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof CreateTestAccountRequest>) => callEndpoint(createTestAccount, { body }),
    retry: false,
    onSuccess: () => outcome.onSuccess(),
    onError: outcome.onError,
    onSettled: () => invalidateAfterStaffAction(queryClient, adminStaffKeys.testAccounts),
  });
}

export function useDeleteTestAccount(outcome: Outcome) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteTestAccount, { params: { id } }),
    retry: false,
    onSuccess: () => outcome.onSuccess(),
    onError: outcome.onError,
    onSettled: () => invalidateAfterStaffAction(queryClient, adminStaffKeys.testAccounts),
  });
}

/** Where the next page of the trail starts: before the oldest entry shown, unless a short page was the last. */
export function nextActivityCursor(page: readonly Pick<StaffAction, 'createdAt'>[]): string | undefined {
  return page.length < ACTIVITY_PAGE_SIZE ? undefined : page[page.length - 1]?.createdAt;
}

/** The audit trail, newest first, a page at a time: each next page is the entries older than the last one shown. */
export function useStaffActivity() {
  return useInfiniteQuery({
    queryKey: adminStaffKeys.activity,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      callEndpoint(listStaffActions, { query: { limit: String(ACTIVITY_PAGE_SIZE), before: pageParam } }),
    getNextPageParam: nextActivityCursor,
  });
}
