import type { AuditReport, CheckResult } from '../shared/audit-contract.js';
import type { AuditSnapshot } from '../shared/audit-snapshot.js';
import { indexGuildSteps } from './guild-index.js';
import { CHECKS } from './registry.js';
import { recomputeSummary } from './scoring.js';
import { withSkippedItems } from './skipped-items.js';
import type { AuditCheck, AuditContext } from './types.js';

function runCheck(check: AuditCheck, snapshot: AuditSnapshot, context: AuditContext): CheckResult {
  const { metadata } = check;
  const outcome = withSkippedItems(metadata.id, snapshot, check.evaluate(snapshot, context));
  return {
    checkId: metadata.id,
    checkName: metadata.name,
    category: metadata.category,
    severity: metadata.severity,
    status: outcome.status,
    remediation: metadata.remediation,
    whyThisMatters: metadata.whyThisMatters,
    evidenceGuidance: metadata.evidenceGuidance,
    requiresManualEvidence: metadata.requiresManualEvidence,
    references: [...metadata.references],
    evidence: outcome.evidence,
  };
}

/**
 * Evaluates all twenty checks on one snapshot. Pure: the same snapshot and context always give the
 * same report. Treat the snapshot as immutable; derived role and member data is cached per object.
 */
export function runAudit(snapshot: AuditSnapshot, context: AuditContext = {}): AuditReport {
  const steps = runAuditSteps(snapshot, context);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/**
 * runAudit as steps: the guild index is built a few hundred members at a time, then the checks run
 * one per step, so a server can evaluate a 50,000-member guild between other requests (runInSlices).
 */
export function* runAuditSteps(snapshot: AuditSnapshot, context: AuditContext = {}): Generator<void, AuditReport> {
  yield* indexGuildSteps(snapshot);
  const checks: CheckResult[] = [];
  for (const check of CHECKS) {
    yield;
    checks.push(runCheck(check, snapshot, context));
  }
  return { ...recomputeSummary(checks), checks };
}
