import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** The demo's clock: the system's, moved forward by an offset a test (or a curious visitor) can grow. */
export interface DemoClock {
  now(): Date;
  advance(ms: number): Date;
}

export function createDemoClock(): DemoClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms) {
      offsetMs += ms;
      return new Date(Date.now() + offsetMs);
    },
  };
}

/** Forward only, and at most a year per call: the scheduler and waivers assume time does not run back. */
const Advance = z
  .object({
    hours: z
      .number()
      .positive()
      .max(24 * 366),
  })
  .strict();

/**
 * Demo mode only, beside the other `/_sim` routes: read the app's clock and move it forward, so a browser
 * test sees a weekly re-audit without waiting a week.
 */
export function serveDemoClock(app: FastifyInstance, clock: DemoClock): void {
  app.get('/_sim/clock', async () => ({ now: clock.now().toISOString() }));
  app.post('/_sim/clock/advance', async (request, reply) => {
    const parsed = Advance.safeParse(request.body);
    if (!parsed.success) {
      return reply.code(400).send({ error: { code: 'BAD_REQUEST', message: 'Send { "hours": n } with n > 0.' } });
    }
    return { now: clock.advance(parsed.data.hours * 60 * 60 * 1000).toISOString() };
  });
}
