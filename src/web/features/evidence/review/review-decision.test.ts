import { describe, expect, it } from 'vitest';
import { canSendDecision, decisionBody } from './review-decision';

describe('decisionBody', () => {
  it('approves with a waiver and the notes as the staff message', () => {
    expect(decisionBody('approve', { notes: ' Verified in the server settings. ', waiveReason: 'ignored' })).toEqual({
      decision: 'APPROVED',
      status: 'WAIVED',
      notes: 'Verified in the server settings.',
    });
  });

  it('waives with the reason given', () => {
    expect(decisionBody('waive', { notes: '', waiveReason: ' Accepted risk until the migration ' })).toEqual({
      decision: 'APPROVED',
      status: 'WAIVED',
      waiveReason: 'Accepted risk until the migration',
    });
  });

  it('rejects, leaving the check as it is', () => {
    expect(decisionBody('reject', { notes: 'The screenshot shows another server.', waiveReason: 'x' })).toEqual({
      decision: 'REJECTED',
      notes: 'The screenshot shows another server.',
    });
  });

  it('needs a reason only to waive', () => {
    expect(canSendDecision('waive', { notes: 'n', waiveReason: '  ' })).toBe(false);
    expect(canSendDecision('waive', { notes: '', waiveReason: 'why' })).toBe(true);
    expect(canSendDecision('approve', { notes: '', waiveReason: '' })).toBe(true);
    expect(canSendDecision('reject', { notes: '', waiveReason: '' })).toBe(true);
  });
});
