import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditWithChecks } from '../../../shared/contracts/audits';
import { listRunbooks, submitCheckEvidence } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';
import { auditKeys } from '../audits/audit-keys';

export const engineerKeys = {
  runbooks: ['runbooks'] as const,
};

/** The runbooks change only with a release (the server sends long cache headers), so one read is enough. */
export const listRunbooksOptions = () =>
  queryOptions({ queryKey: engineerKeys.runbooks, queryFn: () => callEndpoint(listRunbooks), staleTime: Infinity });

export function useRunbooks() {
  return useQuery(listRunbooksOptions());
}

/** Adds or replaces the evidence behind an override; the answer is the check, put in its audit at once. */
export function useSubmitCheckEvidence(outcome: { onSuccess: () => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { auditId: string; checkResultId: string; evidence: string }) =>
      callEndpoint(submitCheckEvidence, {
        params: { checkId: input.checkResultId },
        body: { evidence: input.evidence },
      }),
    retry: false,
    onSuccess: (check, input) => {
      queryClient.setQueryData<AuditWithChecks>(auditKeys.detail(input.auditId), (current) =>
        current === undefined
          ? current
          : { ...current, checkResults: current.checkResults.map((item) => (item.id === check.id ? check : item)) },
      );
      outcome.onSuccess();
      return queryClient.invalidateQueries({ queryKey: auditKeys.detail(input.auditId) });
    },
    onError: outcome.onError,
  });
}
