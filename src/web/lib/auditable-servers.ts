import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../shared/contracts/auth';
import { AdminServerList, type Server } from '../../shared/contracts/servers';
import { requestJson } from './api-request';
import { getServers, serversQueryKey } from './servers';

export const adminServersQueryKey = ['/api/admin/all-servers'] as const;

export function getAllServers(): Promise<Server[]> {
  return requestJson(AdminServerList, 'GET', '/api/admin/all-servers');
}

/** The servers a user may audit: their own, or every server for an admin (spec part 1 §6). */
export function useAuditableServers(user: Pick<CurrentUser, 'isAdmin'>) {
  return useQuery({
    queryKey: user.isAdmin ? adminServersQueryKey : serversQueryKey,
    queryFn: user.isAdmin ? getAllServers : getServers,
  });
}
