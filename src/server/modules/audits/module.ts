import { createBotRest } from '../../../audit/collector.js';
import type { AppContext } from '../../app-context.js';
import { AuditWorker } from '../../jobs/audit-worker.js';
import { countDiscordRest } from '../../metrics/discord-rest-metrics.js';
import type { ServerModule } from '../server-module.js';
import { createAuditReads } from './audit-reads.js';
import { createAuditNotifications } from './notifications.js';
import { createRenderQueue, type RenderQueue } from '../../pdf/render-queue.js';
import { registerAuditInsightRoutes } from './insights-routes.js';
import { registerAuditRoutes } from './routes.js';
import { recordRuns } from './run-record.js';
import { type AuditLifecycleHooks, createAuditRunner } from './runner.js';
import { createAudit, type StartAudit } from './service.js';

export interface AuditsModuleOptions {
  /** How often the worker looks for queued audits when nobody nudges it (default: the worker's own). */
  workerPollMs?: number;
  /** Where PDF renders wait their turn (default: one per app, at most 8 waiting). */
  reportQueue?: RenderQueue;
  /** The clock that decides which waivers are live when an audit's results are stored, and which peers are recent. */
  now?: () => Date;
  /** What monitoring adds to an audit's completion and failure. */
  lifecycle?: AuditLifecycleHooks;
}

/**
 * The audits module and the worker that runs its queue. The worker is returned beside the module because
 * its start and stop belong to the process's lifecycle (it starts once the server listens).
 */
export function createAuditsModule(
  ctx: AppContext,
  options: AuditsModuleOptions = {},
): { module: ServerModule; worker: AuditWorker; startAudit: StartAudit } {
  const notifications = createAuditNotifications(ctx);
  const now = options.now ?? (() => new Date());
  const runner = createAuditRunner({
    db: ctx.db,
    rest: countDiscordRest(createBotRest(ctx.config.discord.botToken, ctx.config.discord.apiUrl), ctx.metrics),
    botToken: ctx.config.discord.botToken,
    log: ctx.log,
    now,
    // The runner notifies after each write has committed: its updates run outside any transaction, and
    // the final one only once its transaction has returned.
    notify: notifications.auditChanged,
    pushNotifications: notifications.notificationsStored,
    ...(options.lifecycle === undefined ? {} : { lifecycle: options.lifecycle }),
  });
  const worker = new AuditWorker({
    db: ctx.db,
    log: ctx.log,
    instanceId: ctx.config.instanceId,
    run: recordRuns(runner.run, ctx),
    giveUp: runner.giveUp,
    ...(options.workerPollMs === undefined ? {} : { pollIntervalMs: options.workerPollMs }),
  });
  const reportQueue = options.reportQueue ?? createRenderQueue();
  const reads = createAuditReads(ctx.db, ctx.changes);
  const startAudit: StartAudit = async ({ caller, serverId }) => {
    const { audit, notifications: stored } = await createAudit({ db: ctx.db, caller, serverId });
    worker.poll();
    notifications.notificationsStored(stored);
    return audit;
  };
  const module: ServerModule = {
    register(routes, context) {
      registerAuditRoutes(routes, context, { startAudit, notifications, reportQueue, reads });
      registerAuditInsightRoutes(routes, context, now);
    },
  };
  return { module, worker, startAudit };
}
