import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMonitoring, listDriftAlerts } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';
import { monitoringKeys } from './monitoring-keys';

export const getMonitoringOptions = (serverId: string) =>
  queryOptions({
    queryKey: monitoringKeys.settings(serverId),
    queryFn: () => callEndpoint(getMonitoring, { params: { id: serverId } }),
  });

export const listDriftAlertsOptions = (serverId: string) =>
  queryOptions({
    queryKey: monitoringKeys.driftAlerts(serverId),
    queryFn: () => callEndpoint(listDriftAlerts, { params: { id: serverId } }),
  });

/** The server's monitoring settings (cadence, eligibility, next run, threshold, webhook hint). */
export function useMonitoring(serverId: string | undefined) {
  return useQuery({ ...getMonitoringOptions(serverId ?? ''), enabled: serverId !== undefined && serverId !== '' });
}

/** The server's drift alerts, newest first, for the markers on its score chart. */
export function useDriftAlerts(serverId: string | undefined) {
  return useQuery({ ...listDriftAlertsOptions(serverId ?? ''), enabled: serverId !== undefined && serverId !== '' });
}
