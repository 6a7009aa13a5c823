import { z } from 'zod';
import type { CheckEvidence } from './findings.js';

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
export const CheckStatus = z.enum(['PASS', 'FAIL', 'WAIVED', 'UNKNOWN']);
export type CheckStatus = z.infer<typeof CheckStatus>;

/** What the engine itself can find; WAIVED comes only from a later evidence decision or override. */
export const EngineStatus = CheckStatus.exclude(['WAIVED']);
export type EngineStatus = z.infer<typeof EngineStatus>;

export type PassedStatus = Extract<CheckStatus, 'PASS' | 'WAIVED'>;

/**
 * A waived check is an accepted risk, so it counts as passed everywhere: in the score and the
 * counts, toward a certificate, in the Passed chip and the progress bar.
 */
export function countsAsPassed(status: CheckStatus): status is PassedStatus {
  return status === 'PASS' || status === 'WAIVED';
}

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

export const LOW_RISK_MIN_SCORE = 80;
export const CERTIFICATE_MIN_SCORE = 90;

/** Risk labels of the audit detail page, by score band. */
export function riskLabel(score: number): 'Low Risk' | 'Medium Risk' | 'High Risk' | 'Critical Risk' {
  if (score >= LOW_RISK_MIN_SCORE) return 'Low Risk';
  if (score >= 60) return 'Medium Risk';
  if (score >= 40) return 'High Risk';
  return 'Critical Risk';
}

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
