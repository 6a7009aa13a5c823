import { z } from 'zod';
import { CheckId, CheckStatus, Severity } from '../audit-contract.js';
import { AUDIT_TRIGGERS, MIN_PEERS } from '../monitoring-rules.js';
import { IdParams } from './audits.js';
import { endpoint } from './endpoint.js';

/** One item named in a check's evidence (a role, channel, bot, member, integration or webhook, or a detail line). */
export const DiffFinding = z.object({
  kind: z.enum(['role', 'channel', 'bot', 'member', 'integration', 'webhook', 'detail']),
  label: z.string(),
});
export type DiffFinding = z.infer<typeof DiffFinding>;

export const CheckChange = z.object({
  checkId: CheckId,
  checkName: z.string(),
  severity: Severity,
  /** The check's status of record in the audit compared against; null when that audit did not have the check. */
  before: CheckStatus.nullable(),
  after: CheckStatus,
  appeared: z.array(DiffFinding),
  disappeared: z.array(DiffFinding),
});
export type CheckChange = z.infer<typeof CheckChange>;

const DiffSide = z.object({
  id: z.string(),
  trigger: z.enum(AUDIT_TRIGGERS),
  completedAt: z.string().nullable(),
  riskScore: z.number().int().nullable(),
});

/**
 * What changed between two completed audits of one server. Each check is in exactly one list:
 * `newFailures` fail now and did not before; `fixed` failed and now pass (or are waived); `regressed` got
 * worse without newly failing (a failing check with findings that appeared, or a pass that can no longer be
 * verified); `unchanged` the rest. `against` is null when the server has no earlier completed audit.
 */
export const AuditDiff = z.object({
  audit: DiffSide,
  against: DiffSide.nullable(),
  scoreChange: z.number().int().nullable(),
  checks: z.object({
    newFailures: z.array(CheckChange),
    fixed: z.array(CheckChange),
    regressed: z.array(CheckChange),
    unchanged: z.array(CheckChange),
  }),
  findings: z.object({
    appeared: z.array(DiffFinding.extend({ checkId: CheckId })),
    disappeared: z.array(DiffFinding.extend({ checkId: CheckId })),
  }),
});
export type AuditDiff = z.infer<typeof AuditDiff>;

export const AuditDiffQuery = z.object({ against: z.string().uuid('against must be an audit id').optional() });
export const AuditExportQuery = z.object({
  format: z.enum(['json', 'csv'], { message: "format must be 'json' or 'csv'" }),
});

/**
 * Where at least MIN_PEERS other servers of the server's member-count band have a completed audit in the
 * last PEER_WINDOW_DAYS, `peers` holds the audit's score percentile among their latest scores and, per
 * check, the share of them passing it; otherwise `peers` is null. Aggregates only: nothing names another
 * server. (One object with a nullable part rather than a union: answers are serialised without branches.)
 */
export const PeerComparison = z.object({
  minimumPeers: z.literal(MIN_PEERS),
  peers: z
    .object({
      band: z.string(),
      peerCount: z.number().int().min(MIN_PEERS),
      /** Share of peers (0–100) whose score is below this audit's, plus half of those equal to it. */
      percentile: z.number().int().min(0).max(100),
      checks: z.array(z.object({ checkId: CheckId, passShare: z.number().int().min(0).max(100) })),
    })
    .nullable(),
});
export type PeerComparison = z.infer<typeof PeerComparison>;

export const getAuditDiff = endpoint({
  name: 'getAuditDiff',
  method: 'GET',
  path: '/api/audits/:id/diff',
  access: 'user',
  summary:
    'What changed between a completed audit and another completed audit of its server (default: the previous one).',
  params: IdParams,
  query: AuditDiffQuery,
  response: AuditDiff,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND', 'CONFLICT'],
});

export const exportAudit = endpoint({
  name: 'exportAudit',
  method: 'GET',
  path: '/api/audits/:id/export',
  access: 'user',
  summary: 'A completed audit as JSON (docs/export-format.md) or CSV (one row per check), as a download.',
  params: IdParams,
  query: AuditExportQuery,
  response: {
    mediaType: 'application/json',
    description:
      'The audit export as an attachment: JSON (format=json, schema docs/export-schema-v1.json) or text/csv (format=csv), described in docs/export-format.md',
  },
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND', 'CONFLICT'],
});

export const getPeerComparison = endpoint({
  name: 'getPeerComparison',
  method: 'GET',
  path: '/api/audits/:id/peer-comparison',
  access: 'user',
  summary: "How a completed audit's score and checks compare with servers of a similar size (aggregates only).",
  params: IdParams,
  response: PeerComparison,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND', 'CONFLICT'],
});
