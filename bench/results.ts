import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { EngineRatio } from './engine-ratio.js';
import type { Figure } from './http/figures.js';
import type { PageBundle } from './web-bundle.js';
import { BENCH_SETTINGS } from './http/settings.js';

/** What bench/results.json holds: every figure of the last run, so the next change can be compared with it. */
export interface BenchResults {
  engine: EngineRatio & { fixture: string; members: number };
  restCallsPerAudit: { fixture: string; members: number; calls: number; memberPages: number; auditLogPages: number }[];
  auditRoundTrips: {
    fixture: string;
    members: number;
    roundTrips: number;
    wallMs: number;
    chainMinimum: number;
    /** 429 answers during the timed audits of the fixture (the target is none). */
    rateLimited: number;
  }[];
  server: Figure[];
  webPages: PageBundle[];
}

/** A quick run's figures are not comparable, so they never replace the committed ones. */
export const RESULTS_PATH = BENCH_SETTINGS.quick
  ? path.join(import.meta.dirname, '..', '.tmp', 'bench-results-quick.json')
  : path.join(import.meta.dirname, 'results.json');

/** Other work on the machine moves every figure; the load averages at both ends tell a reader how much. */
const loadAverageAtStart = os.loadavg();

const twoDecimals = (values: number[]) => values.map((value) => Number(value.toFixed(2)));

export async function writeResults(results: BenchResults): Promise<void> {
  const cpus = os.cpus();
  const document = {
    measuredAt: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? 'unknown',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      loadAverageAtStart: twoDecimals(loadAverageAtStart),
      loadAverageAtEnd: twoDecimals(os.loadavg()),
    },
    settings: BENCH_SETTINGS,
    postgres: results.server.some((figure) => figure.section === 'g'),
    ...results,
  };
  // Formatted as the repository's Prettier check expects, since the file is committed.
  mkdirSync(path.dirname(RESULTS_PATH), { recursive: true });
  const options = (await resolveConfig(RESULTS_PATH)) ?? {};
  writeFileSync(RESULTS_PATH, await format(JSON.stringify(document), { ...options, parser: 'json' }));
}
