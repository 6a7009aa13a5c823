import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../../shared/contracts/auth';
import { listAllServers, listServers } from '../../../shared/contracts/routes';
import type { Server } from '../../../shared/contracts/servers';
import { callEndpoint } from '../../lib/api-client';

export const serverKeys = {
  mine: ['servers', 'mine'] as const,
  all: ['servers', 'all'] as const,
};

export const listServersOptions = () =>
  queryOptions({ queryKey: serverKeys.mine, queryFn: () => callEndpoint(listServers) });

export const listAllServersOptions = () =>
  queryOptions({ queryKey: serverKeys.all, queryFn: () => callEndpoint(listAllServers) });

export function useServers(options: { enabled: boolean }) {
  return useQuery({ ...listServersOptions(), enabled: options.enabled });
}

/** The servers a user may audit: their own, or every server for an admin. */
export function useAuditableServers(user: Pick<CurrentUser, 'isAdmin'>) {
  return useQuery({
    queryKey: user.isAdmin ? serverKeys.all : serverKeys.mine,
    queryFn: (): Promise<Server[]> => (user.isAdmin ? callEndpoint(listAllServers) : callEndpoint(listServers)),
  });
}
