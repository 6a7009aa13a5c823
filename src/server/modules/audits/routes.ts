import * as api from '../../../shared/contracts/audits.js';
import { submitCheckEvidence } from '../../../shared/contracts/engineer.js';
import type { AppContext } from '../../app-context.js';
import type { RouteRegistrar } from '../server-module.js';
import { findAccessibleServer } from './access.js';
import type { AuditReads } from './audit-reads.js';
import { updateCheck } from './check-overrides.js';
import type { AuditNotifications } from './notifications.js';
import { submitOverrideEvidence } from './override-evidence.js';
import { findCachedReport, reportVersion, storeReport } from './report-cache.js';
import { renderAuditReportPdf } from './report-pdf.js';
import { RenderQueueFullError, type RenderQueue } from '../../pdf/render-queue.js';
import { getAudit, getAuditForReport, listServerAudits, listUserAudits, type StartAudit } from './service.js';
import { getAuditUsage } from './usage.js';

export interface AuditRouteDeps {
  startAudit: StartAudit;
  notifications: AuditNotifications;
  /** Where PDF renders wait their turn (one at a time per instance). */
  reportQueue: RenderQueue;
  /** The read path's caches. */
  reads: AuditReads;
}

export function registerAuditRoutes(routes: RouteRegistrar, ctx: AppContext, deps: AuditRouteDeps): void {
  const { db } = ctx;

  routes.endpoint(api.createAudit, async ({ caller, body }) => deps.startAudit({ caller, serverId: body.serverId }));

  routes.endpoint(api.getAudit, async ({ caller, params, reply }) => {
    const view = await getAudit({ reads: deps.reads, caller, auditId: params.id });
    // Already encoded through the declared schema when it was read (audit-reads.ts): sent as it is.
    return reply.type('application/json; charset=utf-8').send(view.body);
  });

  routes.endpoint(api.listServerAudits, async ({ caller, params }) =>
    listServerAudits({ db, caller, serverId: params.id }),
  );

  routes.endpoint(api.getAuditUsage, async ({ caller, params }) => {
    await findAccessibleServer(db, caller, params.id);
    return getAuditUsage(db, caller, params.id);
  });

  routes.endpoint(api.listUserAudits, async ({ caller }) => listUserAudits({ db, caller }));

  routes.endpoint(api.updateCheck, async ({ caller, params, body }) => {
    const { notifications, ...result } = await updateCheck({
      db,
      config: ctx.config,
      caller,
      checkResultId: params.checkId,
      status: body.status,
      waiveReason: body.waiveReason,
    });
    // updateCheck returns once its transaction has committed: only now may anyone be told.
    await deps.notifications.auditChanged(result.audit);
    deps.notifications.notificationsStored(notifications);
    return result;
  });

  routes.endpoint(submitCheckEvidence, async ({ caller, params, body }) => {
    const { check, audit } = await submitOverrideEvidence({
      db,
      caller,
      checkResultId: params.checkId,
      evidence: body.evidence,
    });
    // Committed: the barrier lets an immediate read of the audit show the evidence.
    await deps.notifications.auditChanged(audit);
    return check;
  });

  routes.endpoint(api.downloadAuditReport, async ({ caller, params, reply }) => {
    const { audit, server, changes } = await getAuditForReport({ db, caller, auditId: params.id });
    const input = {
      serverName: server.name,
      serverDiscordId: server.discordId,
      audit,
      checks: audit.checkResults,
      changes,
    };
    const version = reportVersion(input);
    let pdf = await findCachedReport(db, audit.id, version);
    if (pdf === undefined) {
      try {
        pdf = await deps.reportQueue.run(() => renderAuditReportPdf(input));
      } catch (error) {
        if (error instanceof RenderQueueFullError) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
      await storeReport(db, audit.id, version, pdf);
    }
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="rampart-audit-${audit.id}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
