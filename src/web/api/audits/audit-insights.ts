import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAuditDiff, getPeerComparison } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';
import { auditKeys } from './audit-keys';
import { retryUnlessClientError } from './audit-queries';

/** What changed between a completed audit and `againstId` (undefined: the server's previous completed audit). */
export const getAuditDiffOptions = (auditId: string, againstId: string | undefined) =>
  queryOptions({
    queryKey: auditKeys.diff(auditId, againstId),
    queryFn: () =>
      callEndpoint(getAuditDiff, {
        params: { id: auditId },
        query: againstId === undefined ? {} : { against: againstId },
      }),
    retry: retryUnlessClientError,
  });

export const getPeerComparisonOptions = (auditId: string) =>
  queryOptions({
    queryKey: auditKeys.peers(auditId),
    queryFn: () => callEndpoint(getPeerComparison, { params: { id: auditId } }),
    retry: retryUnlessClientError,
  });

export function useAuditDiff(auditId: string | undefined, againstId: string | undefined) {
  return useQuery({
    ...getAuditDiffOptions(auditId ?? '', againstId),
    enabled: auditId !== undefined && auditId !== '',
  });
}

/** Only asked for completed audits: the server answers 409 for any other. */
export function usePeerComparison(auditId: string | undefined) {
  return useQuery({ ...getPeerComparisonOptions(auditId ?? ''), enabled: auditId !== undefined && auditId !== '' });
}
