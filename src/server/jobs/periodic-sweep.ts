import type { FastifyBaseLogger } from 'fastify';

/** A database sweep run on an interval by every instance; its writes are conditional, so overlaps are harmless. */
export interface PeriodicSweep {
  start(): void;
  /** Stops the interval and waits for a sweep under way. */
  stop(): Promise<void>;
  /** One sweep now (tests move the clock, then sweep). Returns how many notifications it stored. */
  runOnce(): Promise<number>;
}

/** Runs `sweep` at once and then every `intervalMs`; a failed run is logged and the next one tries again. */
export function periodicSweep(
  sweep: () => Promise<number>,
  options: { intervalMs: number; log: FastifyBaseLogger; failure: string },
): PeriodicSweep {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = sweep().catch((error: unknown) => options.log.warn({ err: error }, options.failure));
  };
  return {
    start() {
      if (timer !== undefined) return;
      tick();
      timer = setInterval(tick, options.intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
    runOnce: sweep,
  };
}
