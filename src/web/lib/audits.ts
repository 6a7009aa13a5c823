import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { AuditList, AuditUsage, AuditWithChecks, UserAuditList, type Audit } from '../../shared/contracts/audits';
import { ApiError } from './api-errors';
import { requestJson } from './api-request';
import { isAuditActive } from './audit-summary';
import { shouldRetryQuery } from './query-client';

/** Spec part 1 §9: audits in progress are polled every second; nothing else about audits is. */
export const AUDIT_POLL_INTERVAL_MS = 1000;

export const auditQueryKey = (auditId: string) => ['/api/audits', auditId] as const;
export const serverAuditsQueryKey = (serverId: string) => ['/api/servers', serverId, 'audits'] as const;
export const auditUsageQueryKey = (serverId: string) => ['/api/servers', serverId, 'audit-usage'] as const;
export const userAuditsQueryKey = ['/api/user/audits'] as const;

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

export function getAudit(auditId: string): Promise<AuditWithChecks> {
  return requestJson(AuditWithChecks, 'GET', `/api/audits/${path(auditId)}`);
}

export function getServerAudits(serverId: string): Promise<Audit[]> {
  return requestJson(AuditList, 'GET', `/api/servers/${path(serverId, 'audits')}`);
}

export function getAuditUsage(serverId: string): Promise<AuditUsage> {
  return requestJson(AuditUsage, 'GET', `/api/servers/${path(serverId, 'audit-usage')}`);
}

export type UserAudit = z.infer<typeof UserAuditList>[number];

export function getUserAudits(): Promise<UserAudit[]> {
  return requestJson(UserAuditList, 'GET', '/api/user/audits');
}

function pollWhileActive(audits: readonly Pick<Audit, 'status'>[] | undefined): number | false {
  return audits?.some((audit) => isAuditActive(audit.status)) ? AUDIT_POLL_INTERVAL_MS : false;
}

/** A 4xx (a malformed id, or missing or not yours) will not change; asking again only delays 'Audit Not Found'. */
function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const clientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !clientError && shouldRetryQuery(failureCount, error);
}

export function useAudit(auditId: string | undefined) {
  return useQuery({
    queryKey: auditQueryKey(auditId ?? ''),
    queryFn: () => getAudit(auditId ?? ''),
    enabled: auditId !== undefined && auditId !== '',
    retry: retryUnlessClientError,
    refetchInterval: (query) => pollWhileActive(query.state.data ? [query.state.data] : undefined),
  });
}

/**
 * The server's audits, newest first; polled while any of them is pending or running. When polling
 * sees a run end, the quota and history are refreshed too, in case no live update arrived.
 */
export function useServerAudits(serverId: string | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: serverAuditsQueryKey(serverId ?? ''),
    queryFn: () => getServerAudits(serverId ?? ''),
    enabled: serverId !== undefined && serverId !== '',
    refetchInterval: (current) => pollWhileActive(current.state.data),
  });
  const activeId = query.data?.find((audit) => isAuditActive(audit.status))?.id;
  const previousActiveId = useRef(activeId);
  useEffect(() => {
    if (previousActiveId.current !== undefined && activeId === undefined && serverId !== undefined) {
      void queryClient.invalidateQueries({ queryKey: auditUsageQueryKey(serverId) });
      void queryClient.invalidateQueries({ queryKey: userAuditsQueryKey });
    }
    previousActiveId.current = activeId;
  }, [activeId, serverId, queryClient]);
  return query;
}

export function useAuditUsage(serverId: string | undefined, options: { enabled: boolean }) {
  return useQuery({
    queryKey: auditUsageQueryKey(serverId ?? ''),
    queryFn: () => getAuditUsage(serverId ?? ''),
    enabled: options.enabled && serverId !== undefined && serverId !== '',
  });
}

export function useUserAudits() {
  return useQuery({
    queryKey: userAuditsQueryKey,
    queryFn: getUserAudits,
    refetchInterval: (query) => pollWhileActive(query.state.data),
  });
}

/** Everything that shows this audit or counts it: the audit, its server's list and usage, the user's history. */
export function invalidateAuditQueries(client: QueryClient, audit: Pick<Audit, 'id' | 'serverId'>): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: auditQueryKey(audit.id) }),
    client.invalidateQueries({ queryKey: serverAuditsQueryKey(audit.serverId) }),
    client.invalidateQueries({ queryKey: auditUsageQueryKey(audit.serverId) }),
    client.invalidateQueries({ queryKey: userAuditsQueryKey }),
  ]);
}
