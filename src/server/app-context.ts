import type { AppConfig } from './config.js';
import type { TokenSealer } from './crypto.js';
import type { Database } from './db/client.js';
import type { DiscordOAuthClient } from './integrations/discord/oauth-client.js';
import type { Realtime } from './realtime/socket.js';

/** What the routes hand to services: configuration and infrastructure, built once at boot. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  sealer: TokenSealer;
  oauth: DiscordOAuthClient;
  realtime: Realtime;
}
