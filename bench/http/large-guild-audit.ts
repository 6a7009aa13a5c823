import { LARGE_GUILD_ID } from '../../src/simulators/discord/fixtures/index.js';
import { median } from '../stats.js';
import type { DiscordCounter } from './discord-counter.js';
import { absoluteFigure, type Figure, ratioOf } from './figures.js';
import { BENCH_SETTINGS } from './settings.js';
import { queueAudit, type SignedInFixture, waitForAudit } from './signed-in-fixture.js';

/**
 * The 50,000-member guild audited by the real server while Discord answers in 50 ms: whether any
 * call was rate limited, and how long `/healthz` waits meanwhile. The audit's round trips are in (c).
 */

const DISCORD_LATENCY_MS = 50;
const HEALTHZ_P99_MAX_MS = 50;
/** Gap between the probe's requests: a light, steady observer, not load. */
const PROBE_GAP_MS = 10;

function p99(latencies: readonly number[]): number {
  if (latencies.length === 0) throw new Error('no /healthz answers were timed');
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}

/** Times one `/healthz` after another until `done` settles; returns every latency in ms. */
async function probeHealthz(url: string, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  const stopped = done.finally(() => {
    finished = true;
  });
  const latencies: number[] = [];
  while (!finished) {
    const started = performance.now();
    const response = await fetch(`${url}/healthz`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`/healthz answered ${response.status} during the audit`);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, PROBE_GAP_MS));
  }
  await stopped;
  return latencies;
}

export async function measureLargeGuildAudit(
  section: string,
  url: string,
  fixture: SignedInFixture,
  discord: DiscordCounter,
): Promise<Figure[]> {
  const serverId = fixture.serverIds.get(LARGE_GUILD_ID);
  if (serverId === undefined) throw new Error('the large guild is not among its owner’s servers');
  const idle: number[] = [];
  const during: number[] = [];
  const longest: number[] = [];
  const roundTrips: number[] = [];
  let rateLimited = 0;
  discord.latencyMs = DISCORD_LATENCY_MS;
  try {
    for (let run = 0; run < BENCH_SETTINGS.repetitions; run += 1) {
      idle.push(
        p99(await probeHealthz(url, new Promise((resolve) => setTimeout(resolve, BENCH_SETTINGS.idleProbeMs)))),
      );
      discord.reset();
      const started = performance.now();
      const audited = queueAudit(url, fixture.adminCookie, serverId).then((auditId) =>
        waitForAudit(url, fixture.ownerCookie, auditId, 50),
      );
      const latencies = await probeHealthz(url, audited);
      during.push(p99(latencies));
      longest.push(Math.max(...latencies));
      roundTrips.push((performance.now() - started) / DISCORD_LATENCY_MS);
      rateLimited += discord.rateLimited();
    }
  } finally {
    discord.latencyMs = 0;
  }
  const value = median(during);
  const baseline = median(idle);
  return [
    {
      section,
      what: '/healthz p99 while the server audits the 50,000-member guild',
      unit: 'ms',
      value,
      baseline,
      baselineWhat: 'same probe, server idle',
      ratio: ratioOf(value, baseline),
      target: `<= ${HEALTHZ_P99_MAX_MS} ms`,
      met: value <= HEALTHZ_P99_MAX_MS,
      samples: during,
      baselineSamples: idle,
    },
    // One long stall hides below the 99th percentile of a few hundred probes; the longest wait shows it.
    absoluteFigure(section, '/healthz longest wait during those audits', 'ms', longest, { target: '-', met: null }),
    absoluteFigure(section, '429 answers from Discord during those audits', 'calls', [rateLimited], {
      target: 'none',
      met: rateLimited === 0,
    }),
    absoluteFigure(section, 'those audits, queued to completed, in round trips of 50 ms', 'round trips', roundTrips, {
      target: 'see (c)',
      met: null,
    }),
  ];
}
