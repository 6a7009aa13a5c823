import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Runs a step generator on the event loop in slices: steps run back to back until `sliceMs` has passed,
 * then the loop gets a turn (other requests, timers, I/O) before the next slice. Same result as running
 * the steps in one go; a slice overruns its budget by at most one step.
 */

/** Half the 20 ms the audit may hold the event loop (issue 8), leaving room for one step's overrun. */
export const DEFAULT_SLICE_MS = 8;

export async function runInSlices<T>(steps: Generator<void, T>, sliceMs: number = DEFAULT_SLICE_MS): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}
