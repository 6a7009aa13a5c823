import { describe, expect, it } from 'vitest';
import { ACTIVITY_PAGE_SIZE, nextActivityCursor } from './admin-staff';

const page = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, count - index)).toISOString(),
  }));

describe('nextActivityCursor', () => {
  it('asks for the entries older than the last one of a full page', () => {
    const full = page(ACTIVITY_PAGE_SIZE);
    expect(nextActivityCursor(full)).toBe(full[ACTIVITY_PAGE_SIZE - 1]?.createdAt);
  });

  it('stops after a short or empty page: there is nothing older', () => {
    expect(nextActivityCursor(page(ACTIVITY_PAGE_SIZE - 1))).toBeUndefined();
    expect(nextActivityCursor([])).toBeUndefined();
  });
});
