import { z } from 'zod';
import { CheckId, CheckResult, CheckStatus, Severity } from '../audit-contract.js';
import { OVERRIDE_KINDS } from '../certification.js';
import { AUDIT_TRIGGERS } from '../monitoring-rules.js';
import { AUDIT_STATUSES } from './audit-status.js';
import { endpoint } from './endpoint.js';

export { isAuditActive } from './audit-status.js';

export const AuditStatus = z.enum(AUDIT_STATUSES);
export type AuditStatus = z.infer<typeof AuditStatus>;

/**
 * A stored check result: the engine's result plus its row id (the `{checkId}` of PUT
 * /api/checks/{checkId}) and its override, if any (docs/decisions/0009). `status` and `waiveReason`
 * are of record (the engine's finding or a staff decision); an owner's self-attested claim is shown
 * beside them in `selfAttestedStatus` and `overrideReason`, never in them.
 */
export const StoredCheckResult = CheckResult.extend({
  id: z.string(),
  checkId: CheckId,
  severity: Severity,
  status: CheckStatus,
  waiveReason: z.string().nullable(),
  /** What the engine found, whatever an override later said. */
  engineStatus: CheckStatus.exclude(['WAIVED']),
  overrideKind: z.enum(OVERRIDE_KINDS).nullable(),
  /** The status the owner claims when `overrideKind` is self_attested; null otherwise. */
  selfAttestedStatus: z.enum(['PASS', 'WAIVED']).nullable(),
  /** Display name of whoever overrode the check (null without an override, or once that account is deleted). */
  overriddenBy: z.string().nullable(),
  overriddenAt: z.string().nullable(),
  overrideReason: z.string().nullable(),
  /** What the overrider submitted to back the override (POST /api/checks/{checkId}/evidence). */
  overrideEvidence: z.string().nullable(),
  overrideEvidenceAt: z.string().nullable(),
  /** When the waiver behind a WAIVED status (approved evidence, kept across audits) expires; null otherwise. */
  waiverExpiresAt: z.string().nullable(),
  /** True only for an engine PASS or a staff decision to pass or waive. */
  countsTowardCertification: z.boolean(),
});
export type StoredCheckResult = z.infer<typeof StoredCheckResult>;

/**
 * `riskScore` and the counts are the audit's numbers of record: engine results and staff decisions
 * only (docs/decisions/0009).
 */
export const Audit = z.object({
  id: z.string(),
  serverId: z.string(),
  status: AuditStatus,
  /** 0–8: the step of the run (each step has its label on the progress card), 8 once completed. */
  progressStep: z.number().int().min(0).max(8),
  failureReason: z.string().nullable(),
  riskScore: z.number().int().min(0).max(100).nullable(),
  totalChecks: z.number().int(),
  passedChecks: z.number().int(),
  failedChecks: z.number().int(),
  unknownChecks: z.number().int(),
  criticalIssues: z.number().int(),
  highIssues: z.number().int(),
  mediumIssues: z.number().int(),
  lowIssues: z.number().int(),
  /** Checks whose status is the owner's self-attested claim; the numbers above leave them out. */
  selfAttestedOverrides: z.number().int(),
  /** The score the owner claims, with self-attested overrides counted; null when there are none. */
  selfAttestedRiskScore: z.number().int().min(0).max(100).nullable(),
  /** Score of record 90 or more and no critical issue, self-attested claims left out. */
  certificateEligible: z.boolean(),
  /** 'scheduled' for monitoring's re-audits, which never count against the quota. */
  trigger: z.enum(AUDIT_TRIGGERS),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type Audit = z.infer<typeof Audit>;

export const AuditWithChecks = Audit.extend({ checkResults: z.array(StoredCheckResult) });
export type AuditWithChecks = z.infer<typeof AuditWithChecks>;

/** GET /api/user/audits rows carry the server's name so a history can be shown without another call. */
export const UserAudit = Audit.extend({ serverName: z.string() });
export type UserAudit = z.infer<typeof UserAudit>;
export const UserAuditList = z.array(UserAudit);
export const AuditList = z.array(Audit);

export const CreateAuditRequest = z.object({ serverId: z.string().uuid('serverId must be a server id') });

export const AuditUsage = z.object({
  isAdmin: z.boolean(),
  canAudit: z.boolean(),
  remaining: z.number().int(),
  auditsUsed: z.number().int(),
  auditLimit: z.number().int(),
});
export type AuditUsage = z.infer<typeof AuditUsage>;

export const UpdateCheckRequest = z.object({
  status: z.enum(['PASS', 'FAIL', 'WAIVED']),
  waiveReason: z.string().trim().max(2000).nullish(),
});
export const UpdateCheckResponse = z.object({ check: StoredCheckResult, audit: Audit });

export const IdParams = z.object({ id: z.string().uuid('must be an id') });
export const CheckParams = z.object({ checkId: z.string().uuid('must be a check result id') });

export const createAudit = endpoint({
  name: 'createAudit',
  method: 'POST',
  path: '/api/audits',
  access: 'user',
  summary: "Queue an audit of one of the caller's servers (staff: any server), within the plan's quota.",
  body: CreateAuditRequest,
  response: Audit,
  status: 201,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
});

export const getAudit = endpoint({
  name: 'getAudit',
  method: 'GET',
  path: '/api/audits/:id',
  access: 'user',
  summary: 'One audit with its check results.',
  params: IdParams,
  response: AuditWithChecks,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND'],
});

export const listServerAudits = endpoint({
  name: 'listServerAudits',
  method: 'GET',
  path: '/api/servers/:id/audits',
  access: 'user',
  summary: "A server's audits, newest first.",
  params: IdParams,
  response: AuditList,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND'],
});

export const getAuditUsage = endpoint({
  name: 'getAuditUsage',
  method: 'GET',
  path: '/api/servers/:id/audit-usage',
  access: 'user',
  summary: "How many audits the caller's plan allows on a server and how many are used.",
  params: IdParams,
  response: AuditUsage,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND'],
});

export const listUserAudits = endpoint({
  name: 'listUserAudits',
  method: 'GET',
  path: '/api/user/audits',
  access: 'user',
  summary: "Every audit of the caller's servers, with the server's name.",
  response: UserAuditList,
  status: 200,
  errors: ['UNAUTHORIZED'],
});

export const updateCheck = endpoint({
  name: 'updateCheck',
  method: 'PUT',
  path: '/api/checks/:checkId',
  access: 'user',
  summary: "Record a staff decision on a check, or the owner's self-attested override (docs/decisions/0009).",
  params: CheckParams,
  body: UpdateCheckRequest,
  response: UpdateCheckResponse,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
});

export const downloadAuditReport = endpoint({
  name: 'downloadAuditReport',
  method: 'GET',
  path: '/api/audits/:id/download-report',
  access: 'user',
  summary: 'The PDF report of a completed audit.',
  params: IdParams,
  response: { mediaType: 'application/pdf', description: 'The audit report' },
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND', 'CONFLICT', 'SERVICE_UNAVAILABLE'],
});
