import type { UpdateCheckInput } from '../../../api/audits/audit-mutations';

export type OverrideChoice = 'PASS' | 'FAIL' | 'WAIVED';
type CheckUpdate = Pick<UpdateCheckInput, 'status' | 'waiveReason'>;

/** Admin Override: Pass is sent as WAIVED, since only the engine decides a real PASS. */
export function overrideRequest(choice: OverrideChoice, notes: string): CheckUpdate {
  const trimmed = notes.trim();
  if (choice === 'FAIL') return { status: 'FAIL', waiveReason: trimmed === '' ? null : trimmed };
  const fallback = choice === 'PASS' ? 'Marked as passed by Rampart staff' : 'Waived by Rampart staff';
  return { status: 'WAIVED', waiveReason: trimmed === '' ? fallback : trimmed };
}

/** Manual Overrides toggle: on sends WAIVED, off sends FAIL. */
export function toggleRequest(on: boolean): CheckUpdate {
  return on
    ? { status: 'WAIVED', waiveReason: 'Manually overridden by Rampart staff' }
    : { status: 'FAIL', waiveReason: null };
}
