import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CADENCE_MS, nextScheduledRun, scheduleOffsetMs } from './monitoring-rules.js';

const HOUR_MS = 60 * 60 * 1000;

describe('nextScheduledRun', () => {
  it('is the first slot of the cadence strictly after the given time, the same on every call', () => {
    const serverId = '8c9d1f5e-2c4b-4b8e-9a51-6f0a3d2e7b10';
    const after = new Date('2026-03-02T10:00:00Z');
    for (const cadence of ['daily', 'weekly'] as const) {
      const slot = nextScheduledRun(serverId, cadence, after);
      expect(slot.getTime()).toBeGreaterThan(after.getTime());
      expect(slot.getTime() - after.getTime()).toBeLessThanOrEqual(CADENCE_MS[cadence]);
      expect((slot.getTime() - scheduleOffsetMs(serverId, cadence)) % CADENCE_MS[cadence]).toBe(0);
      expect(nextScheduledRun(serverId, cadence, slot).getTime()).toBe(slot.getTime() + CADENCE_MS[cadence]);
      expect(nextScheduledRun(serverId, cadence, after)).toEqual(slot);
    }
  });

  it('spreads many servers over the day instead of stacking them at one hour', () => {
    const perHour = new Array<number>(24).fill(0);
    const servers = 2400;
    const midnight = new Date('2026-03-02T00:00:00Z');
    for (let index = 0; index < servers; index += 1) {
      const slot = nextScheduledRun(randomUUID(), 'daily', midnight);
      const hour = Math.floor((slot.getTime() - midnight.getTime()) / HOUR_MS) % 24;
      perHour[hour] = (perHour[hour] ?? 0) + 1;
    }
    // 100 a hour on average: every hour gets some, none gets a pile.
    expect(Math.min(...perHour)).toBeGreaterThan(50);
    expect(Math.max(...perHour)).toBeLessThan(160);
  });

  it('spreads weekly slots over the seven days', () => {
    const perDay = new Array<number>(7).fill(0);
    const monday = new Date('2026-03-02T00:00:00Z');
    for (let index = 0; index < 700; index += 1) {
      const slot = nextScheduledRun(randomUUID(), 'weekly', monday);
      const day = Math.floor((slot.getTime() - monday.getTime()) / CADENCE_MS.daily) % 7;
      perDay[day] = (perDay[day] ?? 0) + 1;
    }
    expect(Math.min(...perDay)).toBeGreaterThan(60);
  });
});
