import type { FastifyInstance } from 'fastify';
import { OAUTH_CALLBACK_PATH } from '../../shared/contracts/auth.js';
import { discordSimulatorControl } from '../../simulators/discord/control-routes.js';
import { discordSimulator } from '../../simulators/discord/plugin.js';
import { createSimulatorState } from '../../simulators/discord/state.js';
import { type AppConfig, DISCORD_SIMULATOR_PREFIX } from '../config.js';

/**
 * Demo mode: the Discord simulator in this very process, under DISCORD_SIMULATOR_PREFIX, with its control
 * route (planting drift in a guild) beside it. The only place besides the demo accounts where the server
 * reaches the simulators.
 */
export async function serveDiscordSimulator(
  app: FastifyInstance,
  config: AppConfig,
  options: { statePath?: string },
): Promise<void> {
  const state = createSimulatorState({
    ...(options.statePath === undefined ? {} : { statePath: options.statePath }),
    warn: (message) => app.log.warn(message),
  });
  await app.register(discordSimulator, {
    prefix: DISCORD_SIMULATOR_PREFIX,
    clientId: config.discord.clientId,
    clientSecret: config.discord.clientSecret,
    botToken: config.discord.botToken,
    redirectUris: [`${config.publicUrl}${OAUTH_CALLBACK_PATH}`],
    state,
  });
  await app.register(discordSimulatorControl, { prefix: DISCORD_SIMULATOR_PREFIX, state });
}
