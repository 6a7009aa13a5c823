import { describe, expect, it } from 'vitest';
import { badgeText, bellLabel, moreNotificationsText } from './notification-badge';

describe('badgeText', () => {
  it.each([
    [0, null],
    [-1, null],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('%d unread shows %s', (unread, expected) => {
    expect(badgeText(unread)).toBe(expected);
  });
});

describe('bellLabel', () => {
  it('names the unread count, which the badge shows only visually', () => {
    expect(bellLabel(12)).toBe('Notifications, 12 unread');
    expect(bellLabel(0)).toBe('Notifications, none unread');
    expect(bellLabel(undefined)).toBe('Notifications');
  });
});

describe('moreNotificationsText', () => {
  it('counts those beyond the five listed', () => {
    expect(moreNotificationsText(5)).toBeNull();
    expect(moreNotificationsText(6)).toBe('And 1 more notifications...');
    expect(moreNotificationsText(42)).toBe('And 37 more notifications...');
  });
});
