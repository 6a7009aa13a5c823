import type { CheckCategory, CheckId, CheckReference, EngineStatus, Severity } from '../shared/audit-contract.js';
import type { CheckEvidence } from '../shared/findings.js';
import type { AuditSnapshot } from '../shared/audit-snapshot.js';

/** Facts about the requesting user that the snapshot cannot hold. */
export interface AuditContext {
  /**
   * `mfa_enabled` of the signed-in user's own Discord account, given only when that user is the
   * guild owner (Discord shows 2FA state for no one else).
   */
  ownerMfaEnabled?: boolean;
}

export interface CheckMetadata {
  id: CheckId;
  name: string;
  category: CheckCategory;
  severity: Severity;
  whyThisMatters: string;
  remediation: string;
  evidenceGuidance: string;
  requiresManualEvidence: boolean;
  references: readonly CheckReference[];
}

export interface CheckOutcome {
  status: EngineStatus;
  evidence: CheckEvidence;
}

export type EvaluateCheck = (snapshot: AuditSnapshot, context: AuditContext) => CheckOutcome;

/** The shape of every module under ./checks: metadata beside its evaluate function. */
export interface AuditCheck {
  metadata: CheckMetadata;
  evaluate: EvaluateCheck;
}
