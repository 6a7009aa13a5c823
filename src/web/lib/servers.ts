import { useQuery } from '@tanstack/react-query';
import { ServerList, type Server } from '../../shared/contracts/servers';
import { requestJson } from './api-request';

export const serversQueryKey = ['/api/servers'] as const;

export function getServers(): Promise<Server[]> {
  return requestJson(ServerList, 'GET', '/api/servers');
}

export function useServers(options: { enabled: boolean }) {
  return useQuery({ queryKey: serversQueryKey, queryFn: getServers, enabled: options.enabled });
}
