import * as api from '../../../shared/contracts/evidence.js';
import { respondToNotification as respondEndpoint } from '../../../shared/contracts/notifications.js';
import type { RouteRegistrar } from '../server-module.js';
import { decideEvidence, decideThread } from './decide.js';
import type { EvidenceDeps } from './deps.js';
import { postMessage, respondToNotification } from './messages.js';
import {
  getEvidence,
  getThreadDetail,
  listAllEvidence,
  listAuditEvidence,
  listServerEvidence,
  listThreads,
  listUserEvidence,
} from './reads.js';
import { submitEvidence } from './submit-evidence.js';

export function registerEvidenceRoutes(routes: RouteRegistrar, deps: EvidenceDeps): void {
  const { db } = deps;

  routes.endpoint(api.listEvidenceThreads, async ({ caller, query }) => ({
    threads: await listThreads(db, caller, query),
  }));

  routes.endpoint(api.getEvidenceThread, async ({ caller, params }) => getThreadDetail(db, caller, params.id));

  routes.endpoint(api.createEvidenceThread, async ({ caller, body }) => submitEvidence(deps, { caller, ...body }));

  routes.endpoint(api.postEvidenceMessage, async ({ caller, params, body }) =>
    postMessage(deps, { caller, threadId: params.id, ...body }),
  );

  routes.endpoint(api.decideEvidenceThread, async ({ caller, params, body }) =>
    decideThread(deps, { caller, threadId: params.id, ...body }),
  );

  routes.endpoint(api.decideEvidence, async ({ caller, params, body }) =>
    decideEvidence(deps, { caller, evidenceId: params.id, ...body }),
  );

  routes.endpoint(api.listAuditEvidence, async ({ caller, params }) => listAuditEvidence(db, caller, params.auditId));

  routes.endpoint(api.listServerEvidence, async ({ caller, params, query }) =>
    listServerEvidence(db, caller, params.serverId, query.status),
  );

  routes.endpoint(api.listUserEvidence, async ({ caller }) => listUserEvidence(db, caller));

  routes.admin.endpoint(api.listAllEvidence, async ({ query }) => listAllEvidence(db, query.status));

  routes.endpoint(api.getEvidence, async ({ caller, params }) => getEvidence(db, caller, params.id));

  routes.endpoint(respondEndpoint, async ({ caller, params, body }) =>
    respondToNotification(deps, { caller, notificationId: params.id, message: body.message }),
  );
}
