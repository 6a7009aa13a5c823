import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/contracts/auth';
import { getAuditOptions, getAuditUsageOptions, listServerAuditsOptions } from '../../../api/audits/audit-queries';
import { listServersOptions } from '../../../api/servers/servers';
import { pickAudits } from '../audit-summary';

/**
 * What /dashboard reads, asked for as soon as each answer it depends on arrives rather than when the
 * page has rendered: the first server's audits and quota once the server list is in, then its newest
 * completed audit. The page's own queries find these in the cache, or join them while they are under way.
 */
export async function prefetchDashboard(client: QueryClient, user: CurrentUser): Promise<void> {
  const [server] = await client.fetchQuery(listServersOptions());
  if (server === undefined) return;
  if (!user.isAdmin) void client.prefetchQuery(getAuditUsageOptions(server.id));
  const { latestCompleted } = pickAudits(await client.fetchQuery(listServerAuditsOptions(server.id)));
  if (latestCompleted !== undefined) await client.prefetchQuery(getAuditOptions(latestCompleted.id));
}
