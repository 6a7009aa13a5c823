import autocannon from 'autocannon';
import { BENCH_SETTINGS } from './settings.js';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
}

/**
 * One autocannon run at the bench's concurrency. A run with any error or non-2xx answer is refused:
 * a fast 401 or 404 must never pass for a fast read.
 */
export async function load(
  url: string,
  options: { headers?: Record<string, string>; seconds: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: BENCH_SETTINGS.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
  });
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`${url}: ${result.errors} errors and ${result.non2xx} non-2xx answers under load`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}
