import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryInputOf } from '../../../shared/contracts/endpoint';
import type { listEvidenceThreads as ListEvidenceThreads } from '../../../shared/contracts/evidence';
import type { EvidenceStatus } from '../../../shared/evidence-rules';
import { listAllEvidence, listEvidenceThreads, listServerEvidence } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';
import { evidenceKeys } from './evidence-keys';

export type ThreadListQuery = NonNullable<QueryInputOf<typeof ListEvidenceThreads>>;

export const reviewThreadsOptions = (query: ThreadListQuery) =>
  queryOptions({
    queryKey: evidenceKeys.threads({
      scope: query.scope,
      status: query.status,
      search: query.search,
      limit: query.limit === undefined ? undefined : String(query.limit),
    }),
    queryFn: async () => (await callEndpoint(listEvidenceThreads, { query })).threads,
  });

/** The review panel's threads; while a new filter loads, the last list stays on screen. */
export function useReviewThreads(query: ThreadListQuery) {
  return useQuery({ ...reviewThreadsOptions(query), placeholderData: keepPreviousData });
}

/** Evidence records of one server, or of every server when `serverId` is null (staff). */
export const evidenceRecordsOptions = (serverId: string | null, status: EvidenceStatus | undefined) => {
  const query = status === undefined ? {} : { status };
  const queryKey: readonly unknown[] =
    serverId === null ? evidenceKeys.allRecords(status) : evidenceKeys.ofServer(serverId, status);
  return queryOptions({
    queryKey,
    queryFn: () =>
      serverId === null
        ? callEndpoint(listAllEvidence, { query })
        : callEndpoint(listServerEvidence, { params: { serverId }, query }),
  });
};

export function useEvidenceRecords(serverId: string | null, status: EvidenceStatus | undefined) {
  return useQuery({ ...evidenceRecordsOptions(serverId, status), placeholderData: keepPreviousData });
}
