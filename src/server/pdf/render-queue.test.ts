import { describe, expect, it } from 'vitest';
import { createRenderQueue, RenderQueueFullError } from './render-queue.js';

/** Holds the thread like pdfkit does while it draws. */
function blockFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
}

const RENDER_MS = 20;

describe('the report render queue', () => {
  it('never holds the event loop for more than one render: other work gets a turn between any two', async () => {
    const queue = createRenderQueue({ maxQueued: 8, retryAfterSeconds: 5 });
    const events: string[] = [];
    let ticking = true;
    const otherWork = () => {
      events.push('other');
      if (ticking) setImmediate(otherWork);
    };
    setImmediate(otherWork);
    const render = () =>
      queue.run(async () => {
        events.push('render');
        blockFor(RENDER_MS);
      });
    await Promise.all([render(), render(), render(), render(), render()]);
    ticking = false;
    expect(queue.stats().rendered).toBe(5);
    expect(queue.stats().recentRenderMs.every((ms) => ms >= RENDER_MS)).toBe(true);
    const renders = events.flatMap((event, index) => (event === 'render' ? [index] : []));
    expect(renders).toHaveLength(5);
    for (let i = 1; i < renders.length; i += 1) {
      expect(events.slice(renders[i - 1], renders[i]), `between render ${i} and ${i + 1}`).toContain('other');
    }
  });

  it('refuses renders beyond the queue bound, and keeps serving after a render fails', async () => {
    const queue = createRenderQueue({ maxQueued: 1, retryAfterSeconds: 9 });
    const first = queue.run(async () => {
      blockFor(5);
      throw new Error('pdf failed');
    });
    const second = queue.run(async () => 'second');
    const third = queue.run(async () => 'third');
    await expect(third).rejects.toBeInstanceOf(RenderQueueFullError);
    await expect(third).rejects.toMatchObject({ retryAfterSeconds: 9, code: 'SERVICE_UNAVAILABLE' });
    await expect(first).rejects.toThrow('pdf failed');
    await expect(second).resolves.toBe('second');
    await expect(queue.run(async () => 'later')).resolves.toBe('later');
  });
});
