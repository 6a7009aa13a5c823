import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { TokenSealer } from './crypto.js';
import type { ChangeFeed } from './db/change-feed.js';
import type { Database } from './db/client.js';
import type { DiscordOAuthClient } from './integrations/discord/oauth-client.js';
import type { DiscordUsers } from './integrations/discord/user-client.js';
import type { Metrics } from './metrics/metrics.js';
import type { SessionStore } from './modules/auth/session-store.js';
import type { Realtime } from './realtime/socket.js';

/**
 * What modules hand to services: configuration and infrastructure, built once at boot and passed
 * explicitly (docs/decisions/0012), never rebuilt per request.
 */
export interface AppContext {
  config: AppConfig;
  /** The app's logger, for work outside a request (a request's own logger is on the request). */
  log: FastifyBaseLogger;
  db: Database;
  /** Committed changes the read caches follow (docs/decisions/0017). */
  changes: ChangeFeed;
  /** Sessions, cached while the change feed listens; the only way to read or revoke one. */
  sessions: SessionStore;
  /** Asks the database whether it answers (readiness). */
  pingDatabase(): Promise<void>;
  sealer: TokenSealer;
  oauth: DiscordOAuthClient;
  discordUsers: DiscordUsers;
  realtime: Realtime;
  /** This instance's Prometheus instruments (GET /metrics). */
  metrics: Metrics;
}
