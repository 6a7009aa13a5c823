import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '../../../shared/contracts/errors.js';
import {
  Audit,
  AuditList,
  AuditUsage,
  AuditWithChecks,
  CheckParams,
  CreateAuditRequest,
  IdParams,
  UpdateCheckRequest,
  UpdateCheckResponse,
  UserAuditList,
} from '../../../shared/contracts/audits.js';
import type { AppContext } from '../../app-context.js';
import { requireUser } from '../../plugins/session.js';
import { findAccessibleServer } from './access.js';
import { findCachedReport, reportVersion, storeReport } from './report-cache.js';
import { renderAuditReportPdf } from './report-pdf.js';
import { updateCheck } from './check-overrides.js';
import { RenderQueueFullError, type RenderQueue } from '../../pdf/render-queue.js';
import { createAudit, getAudit, getAuditForReport, listServerAudits, listUserAudits } from './service.js';
import { getAuditUsage } from './usage.js';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };

export interface AuditRouteDeps {
  /** Called after an audit is queued so a worker picks it up at once. */
  onAuditQueued(audit: Audit): void;
  /** Called after a check override changed an audit's numbers. */
  onAuditChanged(audit: Audit): Promise<void>;
  /** Where PDF renders wait their turn (one at a time per instance). */
  reportQueue: RenderQueue;
}

export async function auditRoutes(app: FastifyInstance, ctx: AppContext, deps: AuditRouteDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { config, db } = ctx;

  routes.post(
    '/api/audits',
    { schema: { body: CreateAuditRequest, response: { 201: Audit, ...errors, 409: ApiErrorBody } } },
    async (request, reply) => {
      const caller = requireUser(config, request);
      const audit = await createAudit({ db, caller, serverId: request.body.serverId });
      deps.onAuditQueued(audit);
      return reply.status(201).send(audit);
    },
  );

  routes.get(
    '/api/audits/:id',
    { schema: { params: IdParams, response: { 200: AuditWithChecks, ...errors } } },
    async (request) => getAudit({ db, caller: requireUser(config, request), auditId: request.params.id }),
  );

  routes.get(
    '/api/servers/:id/audits',
    { schema: { params: IdParams, response: { 200: AuditList, ...errors } } },
    async (request) => listServerAudits({ db, caller: requireUser(config, request), serverId: request.params.id }),
  );

  routes.get(
    '/api/servers/:id/audit-usage',
    { schema: { params: IdParams, response: { 200: AuditUsage, ...errors } } },
    async (request) => {
      const caller = requireUser(config, request);
      await findAccessibleServer(db, caller, request.params.id);
      return getAuditUsage(db, caller, request.params.id);
    },
  );

  routes.get('/api/user/audits', { schema: { response: { 200: UserAuditList, 401: ApiErrorBody } } }, async (request) =>
    listUserAudits({ db, caller: requireUser(config, request) }),
  );

  routes.put(
    '/api/checks/:checkId',
    {
      schema: {
        params: CheckParams,
        body: UpdateCheckRequest,
        response: { 200: UpdateCheckResponse, ...errors, 409: ApiErrorBody },
      },
    },
    async (request) => {
      const result = await updateCheck({
        db,
        caller: requireUser(config, request),
        checkResultId: request.params.checkId,
        status: request.body.status,
        waiveReason: request.body.waiveReason,
      });
      await deps.onAuditChanged(result.audit);
      return result;
    },
  );

  // No response schema: the success body is a PDF, and errors go through the shared error handler.
  routes.get('/api/audits/:id/download-report', { schema: { params: IdParams } }, async (request, reply) => {
    const { audit, server } = await getAuditForReport({
      db,
      caller: requireUser(config, request),
      auditId: request.params.id,
    });
    const input = { serverName: server.name, serverDiscordId: server.discordId, audit, checks: audit.checkResults };
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
