import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PublicConfig } from '../../../shared/contracts/public-config.js';
import { BOT_INVITE_PERMISSIONS } from '../../../shared/permissions.js';
import type { AppConfig } from '../../config.js';

/** The explicit allow-list of configuration the browser may know (ids and public URLs, never secrets). */
export async function publicConfigRoutes(app: FastifyInstance, config: AppConfig): Promise<void> {
  const body: PublicConfig = {
    discordClientId: config.discord.clientId,
    discordAuthorizeUrl: config.discord.authorizeUrl,
    botPermissions: BOT_INVITE_PERMISSIONS,
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/config', { schema: { response: { 200: PublicConfig } } }, async () => body);
}
