import * as api from '../../../shared/contracts/audit-insights.js';
import type { AppContext } from '../../app-context.js';
import type { RouteRegistrar } from '../server-module.js';
import { getAuditDiff } from './diff-service.js';
import { exportAudit } from './export-service.js';
import { getPeerComparison } from './peer-comparison.js';

/** What one audit says beyond itself: its difference from another, its export, its place among peers. */
export function registerAuditInsightRoutes(routes: RouteRegistrar, ctx: AppContext, now: () => Date): void {
  const { db } = ctx;

  routes.endpoint(api.getAuditDiff, async ({ caller, params, query }) =>
    getAuditDiff({ db, caller, auditId: params.id, againstId: query.against }),
  );

  routes.endpoint(api.exportAudit, async ({ caller, params, query, reply }) => {
    const file = await exportAudit({ db, caller, auditId: params.id, format: query.format, now });
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });

  routes.endpoint(api.getPeerComparison, async ({ caller, params }) =>
    getPeerComparison({ db, caller, auditId: params.id, now }),
  );
}
