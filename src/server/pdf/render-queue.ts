import { AppError } from '../errors.js';

export interface RenderQueueLimits {
  /** Renders waiting behind the running one; beyond this, callers are told to come back (503). */
  maxQueued: number;
  /** Seconds suggested in Retry-After when the queue is full. */
  retryAfterSeconds: number;
}

const RECENT_RENDERS = 20;

export const DEFAULT_RENDER_QUEUE_LIMITS: RenderQueueLimits = { maxQueued: 8, retryAfterSeconds: 5 };

/** Thrown when the queue is full; the route turns it into a 503 with Retry-After. */
export class RenderQueueFullError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('SERVICE_UNAVAILABLE', `Too many reports are being prepared right now. Try again in ${retryAfterSeconds} s.`);
  }
}

/**
 * Runs PDF renders one at a time. pdfkit draws and compresses synchronously, so two renders started
 * together would hold the event loop for both; one at a time, with a turn of the event loop between
 * them, bounds every stall to a single render while health checks and other requests go on.
 */
export function createRenderQueue(limits: RenderQueueLimits = DEFAULT_RENDER_QUEUE_LIMITS) {
  const waiting: (() => void)[] = [];
  let running = false;
  let rendered = 0;
  const recentRenderMs: number[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next === undefined) running = false;
    else setImmediate(next);
  };

  return {
    /** Renders done so far and how long the latest took, for monitoring and tests. */
    stats: () => ({ rendered, recentRenderMs: [...recentRenderMs] }),
    async run<T>(render: () => Promise<T>): Promise<T> {
      if (running) {
        if (waiting.length >= limits.maxQueued) throw new RenderQueueFullError(limits.retryAfterSeconds);
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running = true;
        // Even the first render waits for the next turn, so a burst of requests is accepted before any blocks.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      const started = performance.now();
      try {
        return await render();
      } finally {
        rendered += 1;
        recentRenderMs.push(performance.now() - started);
        if (recentRenderMs.length > RECENT_RENDERS) recentRenderMs.shift();
        release();
      }
    },
  };
}

export type RenderQueue = ReturnType<typeof createRenderQueue>;
