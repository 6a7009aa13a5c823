import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../shared/contracts/auth';
import { getPublicConfigOptions } from '../api/public-config/public-config';
import { listServersOptions } from '../api/servers/servers';
import { prefetchPageData } from './routes/route-table';

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
  void client.prefetchQuery(listServersOptions());
  void client.prefetchQuery(getPublicConfigOptions());
  void prefetchPageData(path, client, user).catch(() => undefined);
}
