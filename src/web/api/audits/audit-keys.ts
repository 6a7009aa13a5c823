import type { QueryClient } from '@tanstack/react-query';
import type { Audit } from '../../../shared/contracts/audits';

export const auditKeys = {
  all: ['audits'] as const,
  detail: (auditId: string) => ['audits', 'detail', auditId] as const,
  ofServer: (serverId: string) => ['audits', 'of-server', serverId] as const,
  usage: (serverId: string) => ['audits', 'usage', serverId] as const,
  mine: ['audits', 'mine'] as const,
};

/** Everything that shows this audit or counts it: the audit, its server's list and usage, the user's history. */
export function invalidateAuditQueries(client: QueryClient, audit: Pick<Audit, 'id' | 'serverId'>): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: auditKeys.detail(audit.id) }),
    client.invalidateQueries({ queryKey: auditKeys.ofServer(audit.serverId) }),
    client.invalidateQueries({ queryKey: auditKeys.usage(audit.serverId) }),
    client.invalidateQueries({ queryKey: auditKeys.mine }),
  ]);
}
