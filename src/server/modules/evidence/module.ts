import type { AppContext } from '../../app-context.js';
import { createAuditNotifications } from '../audits/notifications.js';
import type { ServerModule } from '../server-module.js';
import { registerEvidenceRoutes } from './routes.js';
import { createWaiverSweep, type WaiverSweep } from './waiver-sweep.js';

export interface EvidenceModuleOptions {
  /** The clock waivers are granted and expire by (tests move it instead of waiting). */
  now?: () => Date;
}

/**
 * Evidence, its threads, decisions and waivers. The waiver expiry sweep is returned beside the module, since
 * its start and stop belong to the process's lifecycle.
 */
export function createEvidenceModule(
  ctx: AppContext,
  options: EvidenceModuleOptions = {},
): { module: ServerModule; sweep: WaiverSweep } {
  const deps = { ...ctx, now: options.now ?? (() => new Date()), audits: createAuditNotifications(ctx) };
  return {
    module: { register: (routes) => registerEvidenceRoutes(routes, deps) },
    sweep: createWaiverSweep(deps),
  };
}
