import { describe, expect, it } from 'vitest';
import { PULL_MAX_PX, pullDistance, pullTriggers } from './pull-to-refresh';

describe('pull to refresh', () => {
  it('follows the finger down, never up, and stops at 100 px', () => {
    expect(pullDistance(200, 150)).toBe(0);
    expect(pullDistance(200, 240)).toBe(40);
    expect(pullDistance(200, 400)).toBe(PULL_MAX_PX);
  });

  it('refreshes only beyond 60 px', () => {
    expect(pullTriggers(60)).toBe(false);
    expect(pullTriggers(61)).toBe(true);
    expect(pullTriggers(PULL_MAX_PX)).toBe(true);
  });
});
