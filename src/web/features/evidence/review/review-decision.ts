import type { BodyInputOf } from '../../../../shared/contracts/endpoint';
import type { decideEvidenceThread } from '../../../../shared/contracts/evidence';

export type DecisionBody = BodyInputOf<typeof decideEvidenceThread>;

/** Approve and waive both grant a waiver (the check becomes WAIVED); waive says why. Reject leaves the check failed. */
export type DecisionAction = 'approve' | 'reject' | 'waive';

export interface DecisionText {
  /** Posted to the thread as the staff member's message. */
  notes: string;
  waiveReason: string;
}

/** Waiving needs a reason; approving and rejecting need nothing typed. */
export function canSendDecision(action: DecisionAction, text: DecisionText): boolean {
  return action !== 'waive' || text.waiveReason.trim() !== '';
}

export function decisionBody(action: DecisionAction, { notes, waiveReason }: DecisionText): DecisionBody {
  const trimmedNotes = notes.trim();
  const withNotes = trimmedNotes === '' ? {} : { notes: trimmedNotes };
  if (action === 'reject') return { decision: 'REJECTED', ...withNotes };
  const reason = waiveReason.trim();
  return {
    decision: 'APPROVED',
    status: 'WAIVED',
    ...(action === 'waive' && reason !== '' ? { waiveReason: reason } : {}),
    ...withNotes,
  };
}
