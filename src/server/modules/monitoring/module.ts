import * as api from '../../../shared/contracts/monitoring.js';
import type { AppContext } from '../../app-context.js';
import { discordWebhookClient } from '../../integrations/discord/webhook-client.js';
import type { PeriodicSweep } from '../../jobs/periodic-sweep.js';
import type { AuditLifecycleHooks } from '../audits/runner.js';
import { pushNotifications } from '../notifications/notify.js';
import type { ServerModule } from '../server-module.js';
import { createAlertDelivery } from './alert-delivery.js';
import { pauseWhenBotLeft } from './bot-left.js';
import { recordCompletionDrift } from './drift.js';
import { createMonitoringScheduler } from './scheduler.js';
import {
  getMonitoring,
  listDriftAlerts,
  type MonitoringDeps,
  sendTestAlert,
  setStaffMonitoring,
  updateMonitoring,
} from './service.js';

/** A channel gets at most this many test alerts per window, whoever presses the button. */
const TEST_ALERTS_PER_WINDOW = 5;
const TEST_ALERT_WINDOW = '10 minutes';

export interface MonitoringModuleOptions {
  now(): Date;
  /** Wakes the audit worker once scheduled audits are queued. */
  nudgeWorker(): void;
}

/**
 * Monitoring (issue 12): the owner side's settings and drift alerts, staff's switch, the scheduler that
 * queues re-audits, and what an audit's end means for monitoring (drift alerts, pausing when the bot left),
 * handed to the audits module as its lifecycle hooks.
 */
export function createMonitoringModule(
  ctx: AppContext,
  options: MonitoringModuleOptions,
): { module: ServerModule; scheduler: PeriodicSweep; lifecycle: AuditLifecycleHooks } {
  const deps: MonitoringDeps = {
    db: ctx.db,
    sealer: ctx.sealer,
    webhooks: discordWebhookClient(ctx.config.discord.apiUrl),
    metrics: ctx.metrics,
    publicUrl: ctx.config.publicUrl,
    now: options.now,
  };
  const delivery = createAlertDelivery({ ...deps, log: ctx.log });
  const scheduler = createMonitoringScheduler({
    db: ctx.db,
    log: ctx.log,
    now: options.now,
    intervalMs: ctx.config.monitoringSweepMs,
    nudgeWorker: options.nudgeWorker,
    retryPendingAlerts: delivery.retryPending,
  });
  const lifecycle: AuditLifecycleHooks = {
    async completed(tx, audit, serverName) {
      const outcome = await recordCompletionDrift(tx, audit, serverName, options.now());
      return {
        notifications: outcome.notifications,
        afterCommit() {
          const auditId = outcome.pendingAlertAuditId;
          if (auditId === null) return;
          delivery.deliver(auditId).catch((error: unknown) => {
            ctx.log.warn({ err: error, auditId }, 'drift alert delivery failed; the sweep retries it');
          });
        },
      };
    },
    async failed(audit) {
      try {
        pushNotifications(ctx.realtime, await pauseWhenBotLeft(ctx.db, audit, options.now()));
      } catch (error) {
        ctx.log.warn({ err: error, auditId: audit.id }, 'could not pause monitoring after the bot left');
      }
    },
  };
  const module: ServerModule = {
    register(routes) {
      routes.endpoint(api.getMonitoring, async ({ caller, params }) => getMonitoring(deps, caller, params.id));
      routes.endpoint(api.updateMonitoring, async ({ caller, params, body }) =>
        updateMonitoring(deps, caller, params.id, body),
      );
      routes.endpoint(api.sendTestAlert, async ({ caller, params }) => sendTestAlert(deps, caller, params.id), {
        config: {
          rateLimit: {
            max: TEST_ALERTS_PER_WINDOW,
            timeWindow: TEST_ALERT_WINDOW,
            // Per server, not per client: the limit protects the channel the alerts land in.
            keyGenerator: (request) => `monitoring-test-alert:${(request.params as { id?: string }).id ?? ''}`,
          },
        },
      });
      routes.endpoint(api.listDriftAlerts, async ({ caller, params }) => listDriftAlerts(deps, caller, params.id));
      routes.admin.endpoint(api.setStaffMonitoring, async ({ caller, params, body }) =>
        setStaffMonitoring(deps, caller, params.id, body.staffEnabled),
      );
    },
  };
  return { module, scheduler, lifecycle };
}
