import type { QueryClient } from '@tanstack/react-query';

/** Every evidence query starts with 'evidence', so one event can refresh all of them. */
export const evidenceKeys = {
  all: ['evidence'] as const,
  threads: (filters: Readonly<Record<string, string | number | undefined>>) =>
    ['evidence', 'threads', filters] as const,
  thread: (threadId: string) => ['evidence', 'thread', threadId] as const,
  threadOfCheck: (auditId: string, checkId: string) => ['evidence', 'thread-of-check', auditId, checkId] as const,
  ofAudit: (auditId: string) => ['evidence', 'of-audit', auditId] as const,
  ofServer: (serverId: string, status: string | undefined) => ['evidence', 'of-server', serverId, status] as const,
  mine: ['evidence', 'mine'] as const,
  allRecords: (status: string | undefined) => ['evidence', 'all-records', status] as const,
  detail: (evidenceId: string) => ['evidence', 'detail', evidenceId] as const,
};

/** A thread, a message or a decision changed: every evidence view may show it. */
export function invalidateEvidenceQueries(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: evidenceKeys.all });
}
