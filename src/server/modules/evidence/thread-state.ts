import type { EvidenceDecision, ThreadStatus } from '../../../shared/evidence-rules.js';

/** Who moved a thread (docs/decisions/0023). Evidence always waits for staff, whoever sent it. */
export type ThreadEvent = 'evidence' | 'owner-message' | 'staff-message' | 'decision';

/**
 * Where an event takes a thread, or null when the thread refuses it (a resolved thread takes nothing).
 * Every unresolved state moves alike, so the stored update only has to say "unless resolved".
 */
export function nextThreadStatus(current: ThreadStatus, event: ThreadEvent): ThreadStatus | null {
  if (current === 'RESOLVED') return null;
  return statusAfter(event);
}

/** The status an event writes; the update that writes it refuses a resolved thread (`WHERE status <> 'RESOLVED'`). */
export function statusAfter(event: ThreadEvent): ThreadStatus {
  if (event === 'decision') return 'RESOLVED';
  return event === 'staff-message' ? 'PENDING_USER' : 'PENDING_ADMIN';
}

export const DECISION_STATUS_MISMATCH =
  'An approval waives the check (status WAIVED) and a rejection leaves it failed (status FAIL).';

/** The decision's optional `status` must agree with the decision: it says nothing the decision does not. */
export function decisionStatusAgrees(
  decision: EvidenceDecision,
  status: 'WAIVED' | 'PASS' | 'FAIL' | undefined,
): boolean {
  if (status === undefined) return true;
  return decision === 'APPROVED' ? status === 'WAIVED' : status === 'FAIL';
}
