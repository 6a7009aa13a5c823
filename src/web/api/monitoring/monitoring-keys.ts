import type { QueryClient } from '@tanstack/react-query';

export const monitoringKeys = {
  all: ['monitoring'] as const,
  ofServer: (serverId: string) => ['monitoring', serverId] as const,
  settings: (serverId: string) => ['monitoring', serverId, 'settings'] as const,
  driftAlerts: (serverId: string) => ['monitoring', serverId, 'drift-alerts'] as const,
};

/** An audit of the server ended: its next run, its last scheduled run and its alerts may have changed. */
export function invalidateMonitoringQueries(client: QueryClient, serverId: string): Promise<void> {
  return client.invalidateQueries({ queryKey: monitoringKeys.ofServer(serverId) });
}
