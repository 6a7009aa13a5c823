import { z } from 'zod';

export const Server = z.object({
  id: z.string(),
  discordId: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  memberCount: z.number().int(),
  roleCount: z.number().int(),
  channelCount: z.number().int(),
  botCount: z.number().int(),
});
export type Server = z.infer<typeof Server>;

export const ServerList = z.array(Server);

export const AdminServer = Server.extend({
  ownerDiscordId: z.string().nullable(),
});
export const AdminServerList = z.array(AdminServer);
export type AdminServer = z.infer<typeof AdminServer>;
