import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Audit } from '../../../shared/contracts/audits';
import { isAuditActive } from '../../../shared/contracts/audit-status';
import { getAudit, getAuditUsage, listServerAudits, listUserAudits } from '../../../shared/contracts/routes';
import { ApiError } from '../../lib/api-errors';
import { callEndpoint } from '../../lib/api-client';
import { shouldRetryQuery } from '../../lib/query-client';
import { auditKeys } from './audit-keys';

/** Audits in progress are polled every second; nothing else about audits is. */
export const AUDIT_POLL_INTERVAL_MS = 1000;

function pollWhileActive(audits: readonly Pick<Audit, 'status'>[] | undefined): number | false {
  return audits?.some((audit) => isAuditActive(audit.status)) ? AUDIT_POLL_INTERVAL_MS : false;
}

/** A 4xx (a malformed id, or missing or not yours) will not change; asking again only delays 'Audit Not Found'. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const clientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !clientError && shouldRetryQuery(failureCount, error);
}

export const getAuditOptions = (auditId: string) =>
  queryOptions({
    queryKey: auditKeys.detail(auditId),
    queryFn: () => callEndpoint(getAudit, { params: { id: auditId } }),
    retry: retryUnlessClientError,
    refetchInterval: (query) => pollWhileActive(query.state.data ? [query.state.data] : undefined),
  });

export const listServerAuditsOptions = (serverId: string) =>
  queryOptions({
    queryKey: auditKeys.ofServer(serverId),
    queryFn: () => callEndpoint(listServerAudits, { params: { id: serverId } }),
    refetchInterval: (query) => pollWhileActive(query.state.data),
  });

export const getAuditUsageOptions = (serverId: string) =>
  queryOptions({
    queryKey: auditKeys.usage(serverId),
    queryFn: () => callEndpoint(getAuditUsage, { params: { id: serverId } }),
  });

export const listUserAuditsOptions = () =>
  queryOptions({
    queryKey: auditKeys.mine,
    queryFn: () => callEndpoint(listUserAudits),
    refetchInterval: (query) => pollWhileActive(query.state.data),
  });

export function useAudit(auditId: string | undefined) {
  return useQuery({ ...getAuditOptions(auditId ?? ''), enabled: auditId !== undefined && auditId !== '' });
}

/**
 * The server's audits, newest first; polled while any of them is pending or running. When polling
 * sees a run end, the quota and history are refreshed too, in case no live update arrived.
 */
export function useServerAudits(serverId: string | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...listServerAuditsOptions(serverId ?? ''),
    enabled: serverId !== undefined && serverId !== '',
  });
  const activeId = query.data?.find((audit) => isAuditActive(audit.status))?.id;
  const previousActiveId = useRef(activeId);
  useEffect(() => {
    if (previousActiveId.current !== undefined && activeId === undefined && serverId !== undefined) {
      void queryClient.invalidateQueries({ queryKey: auditKeys.usage(serverId) });
      void queryClient.invalidateQueries({ queryKey: auditKeys.mine });
    }
    previousActiveId.current = activeId;
  }, [activeId, serverId, queryClient]);
  return query;
}

export function useAuditUsage(serverId: string | undefined, options: { enabled: boolean }) {
  return useQuery({
    ...getAuditUsageOptions(serverId ?? ''),
    enabled: options.enabled && serverId !== undefined && serverId !== '',
  });
}

export function useUserAudits() {
  return useQuery(listUserAuditsOptions());
}
