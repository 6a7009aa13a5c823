/**
 * How long and how often each HTTP figure is measured. `BENCH_QUICK=1` shortens everything for
 * development; its figures are too short to compare with a full run.
 */
const quick = process.env.BENCH_QUICK === '1';
/** `BENCH_ONLY=d,g` measures only those server sections (d–g), prints them and writes nothing: for development. */
const only = process.env.BENCH_ONLY?.split(',').map((section) => section.trim().toLowerCase());

/** Whether a server section (d–g) is measured in this run. */
export function measuresSection(section: string): boolean {
  return only === undefined || only.includes(section);
}

export const BENCH_SETTINGS = {
  quick,
  partial: only !== undefined,
  /** Measured repetitions of every figure; each figure is their median. */
  repetitions: 3,
  /** autocannon connections, as in the figures. */
  connections: 50,
  /** Seconds of load per measured autocannon run. */
  loadSeconds: quick ? 1 : 4,
  /** Seconds of unmeasured load on each endpoint first, so the JIT and the caches are warm. */
  warmupSeconds: quick ? 1 : 2,
  /** Pause before each measured run. */
  settleMs: quick ? 200 : 1000,
  /** How long /healthz is probed on the idle server, the baseline of its p99 during a large audit. */
  idleProbeMs: quick ? 1000 : 3000,
  /** Sockets opened at once per run. */
  sockets: quick ? 500 : 4000,
  warmupSockets: 500,
  /** Interval of the /readyz poll while timing a start; the start-up figures carry this much uncertainty. */
  readyPollMs: 10,
} as const;
