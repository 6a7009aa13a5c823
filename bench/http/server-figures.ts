import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, type ServerProcess } from '../../tests/e2e/support/server-process.js';
import { median } from '../stats.js';
import { startDiscordCounter } from './discord-counter.js';
import { type Figure, figuresTable, ratioOf } from './figures.js';
import { createBenchDatabase } from './postgres-database.js';
import { measureLargeGuildAudit } from './large-guild-audit.js';
import { measureEmbeddedReads, measurePostgresReads } from './read-path.js';
import { BENCH_SETTINGS, measuresSection } from './settings.js';
import { prepareSignedInFixture, type SignedInFixture } from './signed-in-fixture.js';
import { socketStorm } from './socket-storm.js';
import { startBare, startRampart, stopRampart, type TimedProcess } from './processes.js';

/**
 * (d)–(g) of `npm run bench`: the real server, started as `npm start` does in its own process, under
 * autocannon at 50 connections, auditing the large guild, restarted, and stormed with sockets; every
 * figure against a baseline measured in the same run. Returns the figures for bench/results.json.
 */

const RESTART_TARGET_MS = { embedded: 1000, postgres: 800 } as const;
const SOCKET_MIN_RATIO = 0.6;

interface RunningRampart {
  server: ServerProcess;
  fixture: SignedInFixture;
  dataDir: string;
  port: number;
  databaseUrl?: string;
}

/** Spawn → first answer of bare node:http, each start a fresh process. */
async function bareStartTimes(): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < BENCH_SETTINGS.repetitions; run += 1) {
    const bare = await startBare('bare-http-server.mjs');
    times.push(bare.startMs);
    await bare.stop();
  }
  return times;
}

/** Stops and starts the server on its existing data (directory or database), timing each start. */
async function restartTimes(rampart: RunningRampart, discordApiUrl?: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < BENCH_SETTINGS.repetitions; run += 1) {
    await stopRampart(rampart.server);
    const started = await startRampart({
      dataDir: rampart.dataDir,
      port: rampart.port,
      ...(rampart.databaseUrl === undefined ? {} : { databaseUrl: rampart.databaseUrl }),
      ...(discordApiUrl === undefined ? {} : { discordApiUrl }),
    });
    rampart.server = started.server;
    times.push(started.startMs);
  }
  return times;
}

function restartFigure(section: string, kind: keyof typeof RESTART_TARGET_MS, times: number[], bare: number[]): Figure {
  const value = median(times);
  const baseline = median(bare);
  return {
    section,
    what: `restart on existing data to /readyz, ${kind === 'embedded' ? 'embedded database' : 'PostgreSQL'}`,
    unit: 'ms',
    value,
    baseline,
    baselineWhat: 'bare node:http start',
    ratio: ratioOf(value, baseline),
    target: `<= ${RESTART_TARGET_MS[kind]} ms`,
    met: value <= RESTART_TARGET_MS[kind],
    samples: times,
    baselineSamples: bare,
  };
}

async function socketFigure(section: string, rampart: RunningRampart): Promise<Figure> {
  const bare = await startBare('bare-socketio-server.mjs');
  const bareRates: number[] = [];
  const rampartRates: number[] = [];
  const cookie = rampart.fixture.ownerCookie;
  try {
    // Unmeasured first storms: the first one on either side is slow while the JIT warms up.
    await socketStorm(bare.url, BENCH_SETTINGS.warmupSockets);
    await socketStorm(rampart.server.url, BENCH_SETTINGS.warmupSockets, cookie);
    for (let run = 0; run < BENCH_SETTINGS.repetitions; run += 1) {
      bareRates.push(await socketStorm(bare.url, BENCH_SETTINGS.sockets));
      rampartRates.push(await socketStorm(rampart.server.url, BENCH_SETTINGS.sockets, cookie));
    }
  } finally {
    await bare.stop();
  }
  const value = median(rampartRates);
  const baseline = median(bareRates);
  const ratio = ratioOf(value, baseline);
  return {
    section,
    what: `${BENCH_SETTINGS.sockets.toLocaleString('en-US')} sockets connecting at once (signed in)`,
    unit: 'connections/s',
    value,
    baseline,
    baselineWhat: 'bare socket.io',
    ratio,
    target: `>= ${SOCKET_MIN_RATIO} x bare`,
    met: ratio >= SOCKET_MIN_RATIO,
    samples: rampartRates,
    baselineSamples: bareRates,
  };
}

function print(title: string, figures: readonly Figure[]): void {
  console.log(`\n${title}`);
  console.log(figuresTable(figures));
}

async function embeddedFigures(bare: TimedProcess, bareStarts: number[]): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rampart-bench-'));
  const port = await freePort();
  const discord = await startDiscordCounter(`http://127.0.0.1:${port}`);
  let first: ServerProcess | undefined;
  let rampart: RunningRampart | undefined;
  try {
    first = (await startRampart({ dataDir, port, discordApiUrl: discord.apiUrl })).server;
    rampart = { server: first, dataDir, port, fixture: await prepareSignedInFixture(first.url) };
    const figures: Figure[] = [];
    if (measuresSection('d')) {
      const target = { url: rampart.server.url, fixture: rampart.fixture };
      const reads = await measureEmbeddedReads('d', bare.url, target, discord);
      print('(d) Signed-in reads and /healthz, embedded database, c = 50', reads);
      figures.push(...reads);
    }
    if (measuresSection('e')) {
      const largeAudit = await measureLargeGuildAudit('e', rampart.server.url, rampart.fixture, discord);
      print('(e) The server auditing the 50,000-member guild, Discord at 50 ms per call', largeAudit);
      figures.push(...largeAudit);
    }
    if (measuresSection('f')) {
      const restart = restartFigure('f', 'embedded', await restartTimes(rampart, discord.apiUrl), bareStarts);
      const sockets = await socketFigure('f', rampart);
      print('(f) Restart and socket storm, embedded database', [restart, sockets]);
      figures.push(restart, sockets);
    }
    return figures;
  } finally {
    // Restarts replace the process: stop the latest one, or the first if the fixture was never made.
    await (rampart?.server ?? first)?.stop('SIGKILL');
    await discord.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresFigures(adminUrl: string, bare: TimedProcess, bareStarts: number[]): Promise<Figure[]> {
  const database = await createBenchDatabase(adminUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rampart-bench-pg-'));
  let first: ServerProcess | undefined;
  let rampart: RunningRampart | undefined;
  try {
    const port = await freePort();
    first = (await startRampart({ dataDir, port, databaseUrl: database.url })).server;
    const fixture = await prepareSignedInFixture(first.url);
    rampart = { server: first, dataDir, port, databaseUrl: database.url, fixture };
    const reads = await measurePostgresReads('g', bare.url, { url: rampart.server.url, fixture });
    const restart = restartFigure('g', 'postgres', await restartTimes(rampart), bareStarts);
    print('(g) Signed-in read and restart, PostgreSQL, c = 50', [...reads, restart]);
    return [...reads, restart];
  } finally {
    await (rampart?.server ?? first)?.stop('SIGKILL');
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureServerFigures(): Promise<Figure[]> {
  console.log(
    `\nServer figures: medians of ${BENCH_SETTINGS.repetitions} runs of ${BENCH_SETTINGS.loadSeconds} s at ${BENCH_SETTINGS.connections} connections (autocannon), after ${BENCH_SETTINGS.warmupSeconds} s of warm-up per endpoint${BENCH_SETTINGS.quick ? '  [BENCH_QUICK: not comparable with a full run]' : ''}`,
  );
  const bareStarts = await bareStartTimes();
  const bare = await startBare('bare-http-server.mjs');
  try {
    const figures = ['d', 'e', 'f'].some(measuresSection) ? await embeddedFigures(bare, bareStarts) : [];
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!measuresSection('g')) return figures;
    if (adminUrl === undefined || adminUrl === '') {
      console.log('\n(g) PostgreSQL: skipped, TEST_DATABASE_URL is not set');
      return figures;
    }
    return [...figures, ...(await postgresFigures(adminUrl, bare, bareStarts))];
  } finally {
    await bare.stop();
  }
}
