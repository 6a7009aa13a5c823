import type { Server } from '../../../shared/contracts/servers';

export const NOT_READ_YET = 'not read yet';

export type ServerFactLabel = 'Members' | 'Roles' | 'Channels' | 'Bots';

export interface ServerFact {
  label: ServerFactLabel;
  value: string;
}

function shown(count: number | null): string {
  return count === null ? NOT_READ_YET : count.toLocaleString();
}

/**
 * The Server Overview figures. Roles, channels and bots are known only once an audit has read the
 * server; the member count may also come from Discord's server list, where 0 means "not given".
 */
export function serverFacts(
  server: Pick<Server, 'memberCount' | 'roleCount' | 'channelCount' | 'botCount' | 'factsReadAt'>,
): ServerFact[] {
  const members = server.factsReadAt === null && server.memberCount === 0 ? null : server.memberCount;
  return [
    { label: 'Members', value: shown(members) },
    { label: 'Roles', value: shown(server.roleCount) },
    { label: 'Channels', value: shown(server.channelCount) },
    { label: 'Bots', value: shown(server.botCount) },
  ];
}
