import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckId } from '../../../shared/audit-contract';
import {
  getEvidenceThread,
  listAuditEvidence,
  listEvidenceThreads,
  listUserEvidence,
} from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';
import { ApiError } from '../../lib/api-errors';
import { shouldRetryQuery } from '../../lib/query-client';
import { evidenceKeys } from './evidence-keys';

/** A missing or foreign thread (404) stays missing; asking again only delays 'Thread not found'. */
function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const clientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !clientError && shouldRetryQuery(failureCount, error);
}

/** The caller's thread on one check of one audit, or null when no evidence was submitted on it yet. */
export const threadOfCheckOptions = (auditId: string, checkId: CheckId) =>
  queryOptions({
    queryKey: evidenceKeys.threadOfCheck(auditId, checkId),
    queryFn: async () => {
      const { threads } = await callEndpoint(listEvidenceThreads, {
        query: { scope: 'mine', auditId, checkId, limit: '1' },
      });
      return threads[0] ?? null;
    },
  });

/** The caller's threads on one audit: which checks have a discussion, and in which state. */
export const auditThreadsOptions = (auditId: string) =>
  queryOptions({
    queryKey: evidenceKeys.threads({ scope: 'mine', auditId }),
    queryFn: async () => (await callEndpoint(listEvidenceThreads, { query: { scope: 'mine', auditId } })).threads,
  });

export const threadOptions = (threadId: string) =>
  queryOptions({
    queryKey: evidenceKeys.thread(threadId),
    queryFn: () => callEndpoint(getEvidenceThread, { params: { id: threadId } }),
    retry: retryUnlessClientError,
  });

export const auditEvidenceOptions = (auditId: string) =>
  queryOptions({
    queryKey: evidenceKeys.ofAudit(auditId),
    queryFn: () => callEndpoint(listAuditEvidence, { params: { auditId } }),
    retry: retryUnlessClientError,
  });

export const userEvidenceOptions = () =>
  queryOptions({
    queryKey: evidenceKeys.mine,
    queryFn: () => callEndpoint(listUserEvidence),
  });

export function useThreadOfCheck(auditId: string, checkId: CheckId, options: { enabled: boolean }) {
  return useQuery({ ...threadOfCheckOptions(auditId, checkId), enabled: options.enabled });
}

export function useAuditThreads(auditId: string) {
  return useQuery(auditThreadsOptions(auditId));
}

export function useEvidenceThread(threadId: string | null | undefined) {
  return useQuery({ ...threadOptions(threadId ?? ''), enabled: threadId !== null && threadId !== undefined });
}

export function useAuditEvidence(auditId: string) {
  return useQuery(auditEvidenceOptions(auditId));
}

export function useUserEvidence() {
  return useQuery(userEvidenceOptions());
}
