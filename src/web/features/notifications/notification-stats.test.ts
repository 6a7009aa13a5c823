import { describe, expect, it } from 'vitest';
import type { NotificationType } from '../../../shared/evidence-rules';
import {
  filterNotifications,
  notificationStats,
  relativeTime,
  topNotificationTypes,
  type NotificationItem,
} from './notification-stats';

const NOW = new Date(2026, 10, 24, 12, 0, 0);

let counter = 0;
function item(type: NotificationType, overrides: Partial<NotificationItem> = {}): NotificationItem {
  counter += 1;
  return {
    id: String(counter),
    type,
    title: `Title ${counter}`,
    message: `Message ${counter}`,
    isRead: false,
    createdAt: NOW.toISOString(),
    ...overrides,
  };
}

describe('notificationStats', () => {
  it('counts total, unread, today by the local calendar day, and the most common type', () => {
    const yesterdayLate = new Date(2026, 10, 23, 23, 59).toISOString();
    const todayEarly = new Date(2026, 10, 24, 0, 1).toISOString();
    const stats = notificationStats(
      [
        item('AUDIT_RUN', { createdAt: todayEarly }),
        item('AUDIT_COMPLETE', { isRead: true, createdAt: yesterdayLate }),
        item('AUDIT_COMPLETE', { isRead: true }),
        item('ADMIN_FEEDBACK'),
      ],
      NOW,
    );
    expect(stats).toEqual({ total: 4, unread: 2, today: 3, mostCommonType: 'AUDIT_COMPLETE' });
  });

  it('has no most common type without notifications', () => {
    expect(notificationStats([], NOW)).toEqual({ total: 0, unread: 0, today: 0, mostCommonType: null });
  });

  it('breaks a tie for most common in the order types are declared', () => {
    expect(notificationStats([item('EVIDENCE_REVIEWED'), item('AUDIT_RUN')], NOW).mostCommonType).toBe('AUDIT_RUN');
  });
});

describe('topNotificationTypes', () => {
  it('gives the three most frequent types with their rounded share of all', () => {
    const list = [
      ...Array.from({ length: 3 }, () => item('AUDIT_RUN')),
      ...Array.from({ length: 2 }, () => item('AUDIT_COMPLETE')),
      item('ADMIN_FEEDBACK'),
      item('SYSTEM_UPDATE'),
    ];
    expect(topNotificationTypes(list)).toEqual([
      { type: 'AUDIT_RUN', count: 3, percent: 43 },
      { type: 'AUDIT_COMPLETE', count: 2, percent: 29 },
      { type: 'ADMIN_FEEDBACK', count: 1, percent: 14 },
    ]);
  });

  it('is empty without notifications and shorter with fewer types', () => {
    expect(topNotificationTypes([])).toEqual([]);
    expect(topNotificationTypes([item('CSU_VERIFICATION')])).toEqual([
      { type: 'CSU_VERIFICATION', count: 1, percent: 100 },
    ]);
  });
});

describe('relativeTime', () => {
  const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [60_000, '1m ago'],
    [59 * 60_000, '59m ago'],
    [60 * 60_000, '1h ago'],
    [23 * 3_600_000 + 59 * 60_000, '23h ago'],
    [24 * 3_600_000, '1d ago'],
    [10 * 24 * 3_600_000, '10d ago'],
  ])('%d ms ago reads %s', (elapsed, expected) => {
    expect(relativeTime(ago(elapsed), NOW)).toBe(expected);
  });

  it('reads a time slightly in the future (clock skew) or unreadable as just now', () => {
    expect(relativeTime(new Date(NOW.getTime() + 5000).toISOString(), NOW)).toBe('Just now');
    expect(relativeTime('not a date', NOW)).toBe('Just now');
  });
});

describe('filterNotifications', () => {
  const list = [
    item('AUDIT_RUN', { title: 'Audit started', message: 'Your audit of Guild A is running.', isRead: true }),
    item('ADMIN_FEEDBACK', { title: 'Staff replied', message: 'Please attach a SCREENSHOT of the roles.' }),
    item('AUDIT_COMPLETE', { title: 'Audit complete', message: 'Guild A scored 80.' }),
  ];
  const titles = (found: NotificationItem[]) => found.map(({ title }) => title);

  it('keeps everything with an empty search and All Notifications', () => {
    expect(filterNotifications(list, { search: '  ', unreadOnly: false })).toHaveLength(3);
  });

  it('searches title and message, ignoring case', () => {
    expect(titles(filterNotifications(list, { search: 'guild a', unreadOnly: false }))).toEqual([
      'Audit started',
      'Audit complete',
    ]);
    expect(titles(filterNotifications(list, { search: 'screenshot', unreadOnly: false }))).toEqual(['Staff replied']);
  });

  it('keeps only unread ones with Unread Only, together with the search', () => {
    expect(titles(filterNotifications(list, { search: '', unreadOnly: true }))).toEqual([
      'Staff replied',
      'Audit complete',
    ]);
    expect(titles(filterNotifications(list, { search: 'audit', unreadOnly: true }))).toEqual(['Audit complete']);
  });
});
