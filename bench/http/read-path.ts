import { median } from '../stats.js';
import type { DiscordCounter } from './discord-counter.js';
import { absoluteFigure, type Figure, ratioOf } from './figures.js';
import { load, type LoadResult } from './load.js';
import { BENCH_SETTINGS } from './settings.js';
import type { SignedInFixture } from './signed-in-fixture.js';

/** Targets of issue 8, as numbers the verdicts are computed from. */
const HEALTHZ_MIN_RATIO = 0.8;
const AUDIT_TARGETS = {
  embedded: { minRatio: 0.05, maxP99Ms: 50 },
  postgres: { minRatio: 0.15, maxP99Ms: 25 },
} as const;
const SERVERS_MIN_RATIO_TO_ME = 0.5;

export type DatabaseKind = keyof typeof AUDIT_TARGETS;
const DATABASE_NAMES: Record<DatabaseKind, string> = { embedded: 'embedded database', postgres: 'PostgreSQL' };

interface Target {
  url: string;
  fixture: SignedInFixture;
}

type Samples = Record<string, LoadResult[]>;

/**
 * Runs every step once per repetition, in turn, so a disturbance from outside (other work on the
 * machine) spreads over all figures instead of landing on one.
 */
async function interleaved(steps: Record<string, (seconds: number) => Promise<LoadResult>>): Promise<Samples> {
  for (const step of Object.values(steps)) await step(BENCH_SETTINGS.warmupSeconds);
  const samples: Samples = Object.fromEntries(Object.keys(steps).map((name) => [name, []]));
  for (let repetition = 0; repetition < BENCH_SETTINGS.repetitions; repetition += 1) {
    for (const [name, step] of Object.entries(steps)) {
      // The server finishes what the last run left in flight (and collects its garbage) before the next.
      await new Promise((resolve) => setTimeout(resolve, BENCH_SETTINGS.settleMs));
      samples[name]?.push(await step(BENCH_SETTINGS.loadSeconds));
    }
  }
  return samples;
}

function rates(samples: Samples, name: string): number[] {
  return (samples[name] ?? []).map((result) => result.requestsPerSecond);
}

function p99s(samples: Samples, name: string): number[] {
  return (samples[name] ?? []).map((result) => result.p99Ms);
}

function againstBare(section: string, what: string, samples: number[], bare: number[], minRatio: number): Figure {
  const value = median(samples);
  const baseline = median(bare);
  const ratio = ratioOf(value, baseline);
  return {
    section,
    what,
    unit: 'req/s',
    value,
    baseline,
    baselineWhat: 'bare node:http',
    ratio,
    target: `>= ${minRatio} x bare`,
    met: ratio >= minRatio,
    samples,
    baselineSamples: bare,
  };
}

function auditFigures(section: string, kind: DatabaseKind, samples: Samples): Figure[] {
  const targets = AUDIT_TARGETS[kind];
  const what = `signed-in GET /api/audits/{id}, ${DATABASE_NAMES[kind]}`;
  return [
    againstBare(section, what, rates(samples, 'audit'), rates(samples, 'bare'), targets.minRatio),
    absoluteFigure(section, `${what}, p99 latency`, 'ms', p99s(samples, 'audit'), {
      target: `<= ${targets.maxP99Ms} ms`,
      met: median(p99s(samples, 'audit')) <= targets.maxP99Ms,
    }),
  ];
}

/**
 * /healthz, the audit read, /api/servers and /api/auth/me on the embedded database, each against
 * bare node:http (or, for /api/servers, /api/auth/me), with the Discord calls made meanwhile.
 */
export async function measureEmbeddedReads(
  section: string,
  bareUrl: string,
  rampart: Target,
  discord: DiscordCounter,
): Promise<Figure[]> {
  const headers = { cookie: rampart.fixture.ownerCookie };
  const discordCallsPerRun: number[] = [];
  const samples = await interleaved({
    bare: (seconds) => load(`${bareUrl}/healthz`, { seconds }),
    healthz: (seconds) => load(`${rampart.url}/healthz`, { seconds }),
    audit: (seconds) => load(`${rampart.url}/api/audits/${rampart.fixture.auditId}`, { headers, seconds }),
    me: (seconds) => load(`${rampart.url}/api/auth/me`, { headers, seconds }),
    servers: async (seconds) => {
      // One read first: whatever the server's freshness rule, the list is fresh for the measured run.
      await (await fetch(`${rampart.url}/api/servers`, { headers })).arrayBuffer();
      discord.reset();
      const result = await load(`${rampart.url}/api/servers`, { headers, seconds });
      discordCallsPerRun.push(discord.calls());
      return result;
    },
  });
  // The first run was the unmeasured warm-up.
  const measuredDiscordCalls = discordCallsPerRun.slice(1);
  const servers = rates(samples, 'servers');
  const me = rates(samples, 'me');
  const serversRatio = ratioOf(median(servers), median(me));
  return [
    againstBare(
      section,
      'GET /healthz, full plugin stack',
      rates(samples, 'healthz'),
      rates(samples, 'bare'),
      HEALTHZ_MIN_RATIO,
    ),
    ...auditFigures(section, 'embedded', samples),
    {
      section,
      what: 'GET /api/servers, fresh list',
      unit: 'req/s',
      value: median(servers),
      baseline: median(me),
      baselineWhat: 'GET /api/auth/me',
      ratio: serversRatio,
      target: `>= ${SERVERS_MIN_RATIO_TO_ME} x /api/auth/me`,
      met: serversRatio >= SERVERS_MIN_RATIO_TO_ME,
      samples: servers,
      baselineSamples: me,
    },
    absoluteFigure(section, 'Discord calls during the GET /api/servers runs', 'calls', measuredDiscordCalls, {
      target: 'none',
      met: measuredDiscordCalls.every((calls) => calls === 0),
    }),
  ];
}

/** The audit read on PostgreSQL, against bare node:http measured alongside it. */
export async function measurePostgresReads(section: string, bareUrl: string, rampart: Target): Promise<Figure[]> {
  const headers = { cookie: rampart.fixture.ownerCookie };
  const samples = await interleaved({
    bare: (seconds) => load(`${bareUrl}/healthz`, { seconds }),
    audit: (seconds) => load(`${rampart.url}/api/audits/${rampart.fixture.auditId}`, { headers, seconds }),
  });
  return auditFigures(section, 'postgres', samples);
}
