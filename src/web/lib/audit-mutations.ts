import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Audit, UpdateCheckResponse, type AuditWithChecks } from '../../shared/contracts/audits';
import { requestJson } from './api-request';
import { auditQueryKey, invalidateAuditQueries, serverAuditsQueryKey } from './audits';

export function startAudit(serverId: string): Promise<Audit> {
  return requestJson(Audit, 'POST', '/api/audits', { serverId });
}

/** Starts an audit; the new pending audit goes to the top of its server's list at once so polling begins. */
export function useStartAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startAudit,
    // Not idempotent: repeating a request whose answer was lost would only meet a 409 or spend quota.
    retry: false,
    onSuccess: (audit) => {
      queryClient.setQueryData<Audit[]>(serverAuditsQueryKey(audit.serverId), (list) =>
        list === undefined ? [audit] : [audit, ...list.filter((item) => item.id !== audit.id)],
      );
      return invalidateAuditQueries(queryClient, audit);
    },
  });
}

export type CheckStatusUpdate = 'PASS' | 'FAIL' | 'WAIVED';

export interface UpdateCheckInput {
  checkResultId: string;
  status: CheckStatusUpdate;
  waiveReason: string | null;
}

export function updateCheck({
  checkResultId,
  status,
  waiveReason,
}: UpdateCheckInput): Promise<z.infer<typeof UpdateCheckResponse>> {
  return requestJson(UpdateCheckResponse, 'PUT', `/api/checks/${encodeURIComponent(checkResultId)}`, {
    status,
    waiveReason,
  });
}

/** Admin override or Manual Overrides toggle (spec part 1 §4); the answer carries the rescored audit. */
export function useUpdateCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCheck,
    onSuccess: ({ check, audit }) => {
      queryClient.setQueryData<AuditWithChecks>(auditQueryKey(audit.id), (current) =>
        current === undefined
          ? current
          : {
              ...current,
              ...audit,
              checkResults: current.checkResults.map((item) => (item.id === check.id ? check : item)),
            },
      );
      return invalidateAuditQueries(queryClient, audit);
    },
  });
}
