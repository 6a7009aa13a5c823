import { describe, expect, it } from 'vitest';
import type { EvidenceThread } from '../../../../shared/contracts/evidence';
import {
  checkNameOf,
  cutText,
  formatRelativeTime,
  groupThreadsByServer,
  lastActivityOf,
  parseStatusFilter,
  reviewThreadQuery,
  STATUS_FILTER_OPTIONS,
  threadPreview,
} from './review-threads';

function thread(
  id: string,
  server: { id: string; name: string },
  changes: Partial<EvidenceThread> = {},
): EvidenceThread {
  return {
    id,
    status: 'PENDING_ADMIN',
    auditId: 'audit-1',
    checkId: 'MFA_MODERATION',
    serverId: server.id,
    createdByUserId: 'user-1',
    audit: { id: 'audit-1' },
    server,
    checkResult: {
      id: 'check-1',
      checkId: 'MFA_MODERATION',
      checkName: 'Two-Factor Authentication',
      severity: 'HIGH',
      status: 'FAIL',
    },
    user: { username: 'olivia' },
    initialMessage: 'We enforce 2FA through our onboarding bot.',
    lastMessage: {
      message: 'We enforce 2FA through our onboarding bot.',
      isAdminMessage: false,
      createdAt: '2026-11-24T10:00:00.000Z',
    },
    messageCount: 1,
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    ...changes,
  };
}

const pixel = { id: 's-pixel', name: 'Pixel Plaza' };
const arcade = { id: 's-arcade', name: 'arcade corner' };
const wildWest = { id: 's-west', name: 'Wild West' };

describe('groupThreadsByServer', () => {
  it('puts each server’s threads together, servers by name, threads in the order given, with their count', () => {
    const threads = [thread('t1', pixel), thread('t2', wildWest), thread('t3', arcade), thread('t4', pixel)];
    const groups = groupThreadsByServer(threads);
    expect(groups.map((group) => [group.serverName, group.threads.map((item) => item.id)])).toEqual([
      ['arcade corner', ['t3']],
      ['Pixel Plaza', ['t1', 't4']],
      ['Wild West', ['t2']],
    ]);
    expect(groups.map((group) => group.threads.length)).toEqual([1, 2, 1]);
  });

  it('keeps two servers of the same name apart', () => {
    const twin = { id: 's-twin', name: 'Pixel Plaza' };
    const groups = groupThreadsByServer([thread('t1', pixel), thread('t2', twin)]);
    expect(groups.map((group) => group.serverId)).toEqual(['s-pixel', 's-twin']);
  });

  it('has no groups without threads', () => {
    expect(groupThreadsByServer([])).toEqual([]);
  });
});

describe('threadPreview', () => {
  it('shows a message of 50 characters or fewer whole', () => {
    const fifty = 'x'.repeat(50);
    expect(
      threadPreview(thread('t', pixel, { lastMessage: { message: fifty, isAdminMessage: false, createdAt: '' } })),
    ).toBe(fifty);
  });

  it('cuts a longer one after 50 characters and adds an ellipsis', () => {
    const message = `${'a'.repeat(50)}bcdef`;
    expect(threadPreview(thread('t', pixel, { lastMessage: { message, isAdminMessage: true, createdAt: '' } }))).toBe(
      `${'a'.repeat(50)}...`,
    );
  });

  it("says 'No messages' when there is none or it is blank", () => {
    expect(threadPreview(thread('t', pixel, { lastMessage: null }))).toBe('No messages');
    expect(
      threadPreview(thread('t', pixel, { lastMessage: { message: '  ', isAdminMessage: false, createdAt: '' } })),
    ).toBe('No messages');
  });

  it('does not split a character made of two code units', () => {
    expect(cutText(`${'é'.repeat(49)}🔒🔒`, 50)).toBe(`${'é'.repeat(49)}🔒...`);
  });
});

describe('checkNameOf', () => {
  it("falls back to 'Unknown Check' without a check result or name", () => {
    expect(checkNameOf(thread('t', pixel))).toBe('Two-Factor Authentication');
    expect(checkNameOf(thread('t', pixel, { checkResult: null }))).toBe('Unknown Check');
  });
});

describe('filters', () => {
  it('offers every thread or one of the four statuses under its label', () => {
    expect(STATUS_FILTER_OPTIONS.map((option) => option.label)).toEqual([
      'All Statuses',
      'Open',
      'Awaiting Your Response',
      'Under Review',
      'Resolved',
    ]);
  });

  it('reads a status from the address, anything else as all', () => {
    expect(parseStatusFilter('RESOLVED')).toBe('RESOLVED');
    expect(parseStatusFilter('resolved')).toBe('ALL');
    expect(parseStatusFilter(null)).toBe('ALL');
  });

  it('asks the server for all threads (up to its limit), narrowed by a chosen status and a trimmed, non-blank search', () => {
    expect(reviewThreadQuery({ search: '', status: 'ALL' })).toEqual({ scope: 'all', limit: '500' });
    expect(reviewThreadQuery({ search: '   ', status: 'PENDING_ADMIN' })).toEqual({
      scope: 'all',
      limit: '500',
      status: 'PENDING_ADMIN',
    });
    expect(reviewThreadQuery({ search: ' Pixel ', status: 'ALL' })).toEqual({
      scope: 'all',
      limit: '500',
      search: 'Pixel',
    });
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-11-24T12:00:00.000Z');
  it.each([
    ['2026-11-24T11:59:30.000Z', 'Just now'],
    ['2026-11-24T12:00:10.000Z', 'Just now'],
    ['2026-11-24T11:59:00.000Z', '1m ago'],
    ['2026-11-24T11:01:00.000Z', '59m ago'],
    ['2026-11-24T09:00:00.000Z', '3h ago'],
    ['2026-11-22T11:00:00.000Z', '2d ago'],
  ])('%s reads %s', (iso, expected) => {
    expect(formatRelativeTime(iso, now)).toBe(expected);
  });

  it('uses the last message’s time, else the thread’s', () => {
    expect(lastActivityOf(thread('t', pixel, { updatedAt: 'u' }))).toBe('2026-11-24T10:00:00.000Z');
    expect(lastActivityOf(thread('t', pixel, { lastMessage: null, updatedAt: 'u' }))).toBe('u');
  });
});
