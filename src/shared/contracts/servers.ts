import { z } from 'zod';
import { endpoint } from './endpoint.js';

export const Server = z.object({
  id: z.string(),
  discordId: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  /** Discord's approximate count from the server list, or the count an audit read. */
  memberCount: z.number().int(),
  /** The counts below are read by an audit; null until one has read the server. */
  roleCount: z.number().int().nullable(),
  channelCount: z.number().int().nullable(),
  botCount: z.number().int().nullable(),
  /** When an audit last read the server's facts (ISO 8601); null: never. */
  factsReadAt: z.string().nullable(),
});
export type Server = z.infer<typeof Server>;

export const ServerList = z.array(Server);

export const AdminServer = Server.extend({
  ownerDiscordId: z.string().nullable(),
});
export const AdminServerList = z.array(AdminServer);
export type AdminServer = z.infer<typeof AdminServer>;

export const listServers = endpoint({
  name: 'listServers',
  method: 'GET',
  path: '/api/servers',
  access: 'user',
  summary: 'The servers the caller manages on Discord (staff: theirs too), read fresh from Discord.',
  response: ServerList,
  status: 200,
  errors: ['UNAUTHORIZED'],
});

export const listAllServers = endpoint({
  name: 'listAllServers',
  method: 'GET',
  path: '/api/admin/all-servers',
  access: 'admin',
  summary: 'Every server known to Rampart, with its owner (staff only).',
  response: AdminServerList,
  status: 200,
  errors: ['UNAUTHORIZED', 'FORBIDDEN'],
});
