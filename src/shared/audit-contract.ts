import { z } from 'zod';
import { CHECK_STATUSES } from './check-rules.js';
import type { CheckEvidence } from './findings.js';

export {
  CERTIFICATE_MIN_SCORE,
  countsAsPassed,
  LOW_RISK_MIN_SCORE,
  riskLabel,
  type PassedStatus,
} from './check-rules.js';

/**
 * The audit engine's output contract, shared by the engine, the server (which stores and overrides
 * results) and the web (which renders them).
 */

export const CHECK_IDS = [
  'MODERATOR_PERMISSIONS',
  'MFA_MODERATION',
  'AUTOMOD_ENABLED',
  'AUDIT_LOG_ACCESS',
  'ROLE_HIERARCHY',
  'EXPLICIT_CONTENT_FILTER',
  'CSU_OWNER_VERIFICATION',
  'WEBHOOK_SECURITY',
  'VERIFICATION_LEVEL',
  'EVERYONE_PERMISSIONS',
  'CHANNEL_HARDENING',
  'EXTERNAL_CONTENT',
  'STAGE_FORUM_CHANNELS',
  'INACTIVE_BOTS',
  'PRIVILEGED_PERMISSIONS',
  'BACKUP_STRATEGY_VERIFICATION',
  'BOT_TOKEN_HYGIENE',
  'MEMBER_SCREENING',
  'BOT_ADMIN_PRIVILEGES',
  'INACTIVE_ROLES',
] as const;
export const CheckId = z.enum(CHECK_IDS);
export type CheckId = z.infer<typeof CheckId>;

/** Checks whose status can only come from owner-supplied evidence (the owner must prove what Discord cannot show). */
export const MANUAL_EVIDENCE_CHECK_IDS: readonly CheckId[] = [
  'CSU_OWNER_VERIFICATION',
  'BACKUP_STRATEGY_VERIFICATION',
  'BOT_TOKEN_HYGIENE',
];

export const Severity = z.enum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']);
export type Severity = z.infer<typeof Severity>;

/** WAIVED is set only by an evidence decision or an admin override, never by the engine. */
export const CheckStatus = z.enum(CHECK_STATUSES);
export type CheckStatus = z.infer<typeof CheckStatus>;

/** What the engine itself can find; WAIVED comes only from a later evidence decision or override. */
export const EngineStatus = CheckStatus.exclude(['WAIVED']);
export type EngineStatus = z.infer<typeof EngineStatus>;

export const CheckCategory = z.enum([
  'Ownership & recovery',
  'Roles & permissions',
  'Bots & integrations',
  'Channels',
  'Moderation & verification',
]);
export type CheckCategory = z.infer<typeof CheckCategory>;

/** Score weight of each severity; see docs/audit-checks.md for the published formula. */
export const SEVERITY_WEIGHTS: Readonly<Record<Severity, number>> = { CRITICAL: 10, HIGH: 6, MEDIUM: 3, LOW: 1 };

export const CheckReference = z.object({ title: z.string(), url: z.string().url() });
export type CheckReference = z.infer<typeof CheckReference>;

export const CheckResult = z.object({
  checkId: CheckId,
  checkName: z.string(),
  category: CheckCategory,
  severity: Severity,
  status: CheckStatus,
  remediation: z.string(),
  whyThisMatters: z.string(),
  evidenceGuidance: z.string(),
  requiresManualEvidence: z.boolean(),
  references: z.array(CheckReference),
  /**
   * A plain record on the wire, typed as CheckEvidence in code: the evidence view reads it key by key
   * with the finding schemas, so one odd stored item is dropped there instead of failing the response.
   */
  evidence: z.record(z.string(), z.unknown()),
  waiveReason: z.string().nullable().optional(),
});
export type CheckResult = Omit<z.infer<typeof CheckResult>, 'evidence'> & { evidence: CheckEvidence };

export const AuditSummary = z.object({
  riskScore: z.number().int().min(0).max(100),
  totalChecks: z.number().int(),
  passedChecks: z.number().int(),
  failedChecks: z.number().int(),
  criticalIssues: z.number().int(),
  highIssues: z.number().int(),
  mediumIssues: z.number().int(),
  lowIssues: z.number().int(),
  unknownChecks: z.number().int(),
});
export type AuditSummary = z.infer<typeof AuditSummary>;

export const AuditReport = AuditSummary.extend({ checks: z.array(CheckResult) });
export type AuditReport = AuditSummary & { checks: CheckResult[] };
