import { apiDocsModule } from './api-docs/routes.js';
import { authModule } from './auth/routes.js';
import { entitlementsModule } from './entitlements/routes.js';
import { healthModule } from './health/routes.js';
import { publicConfigModule } from './public-config/routes.js';
import type { ServerModule } from './server-module.js';
import { serversModule } from './servers/routes.js';

/** Every module the server runs, in one list; the audits module is built with its worker, so it is passed in. */
export function serverModules(audits: ServerModule): readonly ServerModule[] {
  return [healthModule, publicConfigModule, authModule, entitlementsModule, serversModule, audits, apiDocsModule];
}
