import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../shared/contracts/auth';
import { listServers } from '../../shared/contracts/routes';
import type { Server } from '../../shared/contracts/servers';
import { getPublicConfigOptions } from '../api/public-config/public-config';
import { listServersOptions } from '../api/servers/servers';
import { callEndpoint, callEndpointOrNullIfSignedOut } from '../lib/api-client';
import { prefetchPageData } from './routes/route-table';

let serversAskedEarly: Promise<Server[] | null> | undefined;

/**
 * At an address only a signed-in user sees, the server list is asked for beside the current user rather
 * than after it. A visitor gets a 401 here: no sign-in popup, nothing cached.
 */
export function askServersEarly(): void {
  serversAskedEarly = callEndpointOrNullIfSignedOut(listServers).catch(() => null);
}

/** The server list's query, answered once by the early request if there was one. */
function serversQuery() {
  const early = serversAskedEarly;
  serversAskedEarly = undefined;
  if (early === undefined) return listServersOptions();
  return { ...listServersOptions(), queryFn: async () => (await early) ?? callEndpoint(listServers) };
}

/**
 * Started once the current user is known, all at once: the signed-in routes' code, the page's code, what
 * most signed-in pages read first (the user's servers, the public configuration) and the page's own
 * first data. Before, each waited for the code that asks for it, so the page's data queued behind its
 * chunks (docs/decisions/0021). A failure here is left to the page's own queries, which show it.
 */
export function startSignedInLoads(
  client: QueryClient,
  user: CurrentUser,
  prepareNavigation: (path: string) => Promise<void>,
): void {
  const path = window.location.pathname;
  void prepareNavigation(path).catch(() => undefined);
  void client.prefetchQuery(serversQuery());
  void client.prefetchQuery(getPublicConfigOptions());
  void prefetchPageData(path, client, user).catch(() => undefined);
}
