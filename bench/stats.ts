/** Small timing helpers for the benchmark; no dependencies, bounded loops only. */

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}

/** Runs `prepare` outside and `work` inside the clock, `warmup` times unmeasured first; returns each measured ms. */
export function timeRuns<T>(iterations: number, warmup: number, prepare: () => T, work: (input: T) => void): number[] {
  const times: number[] = [];
  for (let run = 0; run < warmup + iterations; run += 1) {
    const input = prepare();
    const started = performance.now();
    work(input);
    const elapsed = performance.now() - started;
    if (run >= warmup) times.push(elapsed);
  }
  return times;
}

export async function timeAsync(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

export function verdict(met: boolean): string {
  return met ? 'met' : 'NOT met';
}

/** A fixed-width text table, so the output reads well in a terminal and in a report. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
