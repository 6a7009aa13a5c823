import { describe, expect, it } from 'vitest';
import type { ServerEventPayload } from '../../shared/contracts/realtime';
import { decisionToast, evidenceSubmittedToast, messageStart, messageToast } from './live-toasts';

const owner = { username: 'owner', isAdmin: false };
const staff = { username: 'staff', isAdmin: true };

function messageEvent(isAdminMessage: boolean, author: string | null, text = 'Please add a screenshot.') {
  return {
    threadId: 't1',
    threadStatus: isAdminMessage ? 'PENDING_USER' : 'PENDING_ADMIN',
    message: {
      id: 'm1',
      threadId: 't1',
      message: text,
      isAdminMessage,
      fromUser: author === null ? null : { username: author },
      attachments: [],
      createdAt: '2026-11-24T12:00:00.000Z',
    },
  } satisfies ServerEventPayload<'message.created'>;
}

function decisionEvent(decision: 'APPROVED' | 'REJECTED', riskScore: number | null) {
  return {
    threadId: 't1',
    auditId: 'a1',
    checkId: 'ADMIN_ROLES',
    decision,
    auditStatistics: {
      riskScore,
      totalChecks: 20,
      passedChecks: 15,
      failedChecks: 5,
      criticalIssues: 1,
      highIssues: 1,
      mediumIssues: 2,
      lowIssues: 1,
    },
  } satisfies ServerEventPayload<'thread.decision'>;
}

describe('messageToast', () => {
  it("shows a staff reply to the owner side as 'Admin Reply' with the message's start", () => {
    expect(messageToast(messageEvent(true, 'staff'), owner)).toEqual({
      title: 'Admin Reply',
      description: 'Please add a screenshot.',
    });
  });

  it('cuts a long reply and flattens its line breaks', () => {
    const toast = messageToast(messageEvent(true, null, `Line one\n\n${'x'.repeat(200)}`), owner);
    expect(toast?.description).toBe(`Line one ${'x'.repeat(91)}...`);
  });

  it("stays quiet for staff, for the owner's own messages and for owner messages", () => {
    expect(messageToast(messageEvent(true, 'staff'), staff)).toBeNull();
    expect(messageToast(messageEvent(true, 'owner'), owner)).toBeNull();
    expect(messageToast(messageEvent(false, 'someone'), owner)).toBeNull();
  });
});

describe('decisionToast', () => {
  it('tells the owner side of an approval with the new score, and of a rejection', () => {
    expect(decisionToast(decisionEvent('APPROVED', 85), owner)).toEqual({
      title: 'Evidence approved',
      description: 'Your evidence was approved: the check now counts as passed and your score is 85/100.',
    });
    expect(decisionToast(decisionEvent('APPROVED', null), owner)?.description).toBe(
      'Your evidence was approved: the check now counts as passed.',
    );
    expect(decisionToast(decisionEvent('REJECTED', 60), owner)?.title).toBe('Evidence rejected');
  });

  it('does not toast staff, who made the decision', () => {
    expect(decisionToast(decisionEvent('APPROVED', 85), staff)).toBeNull();
  });
});

describe('evidenceSubmittedToast', () => {
  const event = { threadId: 't1', evidenceId: 'e1', serverName: 'Guild A', checkName: 'Admin Roles' };
  it('names the server and the check for staff', () => {
    expect(evidenceSubmittedToast(event, staff, 'owner')).toEqual({
      title: 'New Evidence',
      description: 'Guild A: evidence on Admin Roles awaits review.',
    });
  });
  it('is for staff only, and not for the staff member who submitted it', () => {
    expect(evidenceSubmittedToast(event, owner, 'someone')).toBeNull();
    expect(evidenceSubmittedToast(event, staff, 'staff')).toBeNull();
  });
});

describe('messageStart', () => {
  it('keeps a short text whole', () => {
    expect(messageStart('  Short  text ')).toBe('Short text');
  });
});
