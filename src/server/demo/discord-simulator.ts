import type { FastifyInstance } from 'fastify';
import { OAUTH_CALLBACK_PATH } from '../../shared/contracts/auth.js';
import { discordSimulator } from '../../simulators/discord/plugin.js';
import { type AppConfig, DISCORD_SIMULATOR_PREFIX } from '../config.js';

/**
 * Demo mode: the Discord simulator in this very process, under DISCORD_SIMULATOR_PREFIX. The only place
 * besides the demo accounts where the server reaches the simulators.
 */
export async function serveDiscordSimulator(
  app: FastifyInstance,
  config: AppConfig,
  options: { statePath?: string },
): Promise<void> {
  await app.register(discordSimulator, {
    prefix: DISCORD_SIMULATOR_PREFIX,
    clientId: config.discord.clientId,
    clientSecret: config.discord.clientSecret,
    botToken: config.discord.botToken,
    redirectUris: [`${config.publicUrl}${OAUTH_CALLBACK_PATH}`],
    ...(options.statePath === undefined ? {} : { statePath: options.statePath }),
  });
}
