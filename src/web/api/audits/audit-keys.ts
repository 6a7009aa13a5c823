import type { QueryClient } from '@tanstack/react-query';
import type { Audit } from '../../../shared/contracts/audits';
import { invalidateMonitoringQueries } from '../monitoring/monitoring-keys';

export const auditKeys = {
  all: ['audits'] as const,
  detail: (auditId: string) => ['audits', 'detail', auditId] as const,
  ofServer: (serverId: string) => ['audits', 'of-server', serverId] as const,
  usage: (serverId: string) => ['audits', 'usage', serverId] as const,
  mine: ['audits', 'mine'] as const,
  /** Differences and peer comparisons: both follow the statuses of record, which a rescore changes. */
  insights: ['audits', 'insights'] as const,
  diff: (auditId: string, againstId: string | undefined) =>
    ['audits', 'insights', 'diff', auditId, againstId ?? 'previous'] as const,
  peers: (auditId: string) => ['audits', 'insights', 'peers', auditId] as const,
};

/**
 * Everything that shows this audit or counts it: the audit, its server's list and usage, the user's history,
 * the differences and comparisons built on its results, and the server's monitoring (its next run and drift
 * alerts follow an audit's end).
 */
export function invalidateAuditQueries(client: QueryClient, audit: Pick<Audit, 'id' | 'serverId'>): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: auditKeys.detail(audit.id) }),
    client.invalidateQueries({ queryKey: auditKeys.ofServer(audit.serverId) }),
    client.invalidateQueries({ queryKey: auditKeys.usage(audit.serverId) }),
    client.invalidateQueries({ queryKey: auditKeys.mine }),
    client.invalidateQueries({ queryKey: auditKeys.insights }),
    invalidateMonitoringQueries(client, audit.serverId),
  ]);
}
