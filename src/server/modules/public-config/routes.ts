import { getPublicConfig, type PublicConfig } from '../../../shared/contracts/public-config.js';
import { BOT_INVITE_PERMISSIONS } from '../../../shared/permissions.js';
import { CHAIN_SIMULATOR_PREFIXES } from '../../config-chain.js';
import type { ServerModule } from '../server-module.js';

/** The explicit allow-list of configuration the browser may know (ids and public URLs, never secrets). */
export const publicConfigModule: ServerModule = {
  register(routes, { config }) {
    const body: PublicConfig = {
      discordClientId: config.discord.clientId,
      discordAuthorizeUrl: config.discord.authorizeUrl,
      botPermissions: BOT_INVITE_PERMISSIONS,
      simulatedWalletUrl: config.demoMode ? `${config.publicUrl}${CHAIN_SIMULATOR_PREFIXES.wallet}` : null,
      testAccountSignIn: config.testAccountSignIn,
    };
    routes.endpoint(getPublicConfig, async () => body);
  },
};
