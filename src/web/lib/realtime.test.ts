import { describe, expect, it } from 'vitest';
import { MAX_RECONNECT_ATTEMPTS, reconnectDelayMs } from './realtime';

describe('reconnectDelayMs', () => {
  it('waits one second times the attempt number, five times at most', () => {
    expect([1, 2, 3, 4, 5].map(reconnectDelayMs)).toEqual([1000, 2000, 3000, 4000, 5000]);
    expect(MAX_RECONNECT_ATTEMPTS).toBe(5);
  });

  it('gives up after the fifth attempt', () => {
    expect(reconnectDelayMs(6)).toBeNull();
    expect(reconnectDelayMs(0)).toBeNull();
  });
});
