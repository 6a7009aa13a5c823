import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Audit, AuditWithChecks } from '../../../shared/contracts/audits';
import { createAudit, updateCheck } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';
import { auditKeys, invalidateAuditQueries } from './audit-keys';

/** Starts an audit; the new pending audit goes to the top of its server's list at once so polling begins. */
export function useCreateAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serverId: string) => callEndpoint(createAudit, { body: { serverId } }),
    // Not idempotent: repeating a request whose answer was lost would only meet a 409 or spend quota.
    retry: false,
    onSuccess: (audit) => {
      queryClient.setQueryData<Audit[]>(auditKeys.ofServer(audit.serverId), (list) =>
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

/** Admin override or Manual Overrides toggle; the answer carries the rescored audit. */
export function useUpdateCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ checkResultId, status, waiveReason }: UpdateCheckInput) =>
      callEndpoint(updateCheck, { params: { checkId: checkResultId }, body: { status, waiveReason } }),
    onSuccess: ({ check, audit }) => {
      queryClient.setQueryData<AuditWithChecks>(auditKeys.detail(audit.id), (current) =>
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
