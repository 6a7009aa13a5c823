import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MonitoringSettings, UpdateMonitoringRequest } from '../../../shared/contracts/monitoring';
import { sendTestAlert, setStaffMonitoring, updateMonitoring } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';
import { monitoringKeys } from './monitoring-keys';

export type MonitoringChange = z.input<typeof UpdateMonitoringRequest>;

/** The answer is the settings as stored: shown at once, then the server's alerts are read again. */
function useStoreSettings() {
  const queryClient = useQueryClient();
  return (settings: MonitoringSettings) => {
    queryClient.setQueryData(monitoringKeys.settings(settings.serverId), settings);
    return queryClient.invalidateQueries({ queryKey: monitoringKeys.driftAlerts(settings.serverId) });
  };
}

/** Switches monitoring, its cadence, threshold or webhook; fields left out stay as they are. */
export function useUpdateMonitoring(serverId: string) {
  const store = useStoreSettings();
  return useMutation({
    mutationFn: (change: MonitoringChange) =>
      callEndpoint(updateMonitoring, { params: { id: serverId }, body: change }),
    retry: false,
    onSuccess: store,
  });
}

/** Staff switch monitoring on for a server without a subscription (or off again). */
export function useSetStaffMonitoring(serverId: string) {
  const store = useStoreSettings();
  return useMutation({
    mutationFn: (staffEnabled: boolean) =>
      callEndpoint(setStaffMonitoring, { params: { id: serverId }, body: { staffEnabled } }),
    retry: false,
    onSuccess: store,
  });
}

/** Posts a test message to the stored webhook; never repeated by itself, each try is a message in Discord. */
export function useSendTestAlert(serverId: string) {
  return useMutation({
    mutationFn: () => callEndpoint(sendTestAlert, { params: { id: serverId } }),
    retry: false,
  });
}
