import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, startServerProcess } from '../tests/e2e/support/server-process.js';
import { prepareSignedInFixture } from './http/signed-in-fixture.js';
import { median, table, verdict } from './stats.js';
import { WEB_ROOT } from './web-bundle.js';

/** One page's Lighthouse figures: the median of the runs and each run's, for bench/results.json. */
export interface LighthouseFigure {
  page: string;
  signedIn: boolean;
  /** Performance score, 0–100. */
  score: number;
  cumulativeLayoutShift: number;
  scoreTarget: number;
  layoutShiftTarget: number;
  met: boolean;
  samples: { score: number; cumulativeLayoutShift: number }[];
}

const RUNS = 3;
const LAYOUT_SHIFT_TARGET = 0.1;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface PageCase {
  path: string;
  signedIn: boolean;
  scoreTarget: number;
}

const PAGES: readonly PageCase[] = [
  { path: '/', signedIn: false, scoreTarget: 90 },
  { path: '/dashboard', signedIn: true, scoreTarget: 85 },
];

/** Lighthouse's default configuration: a mobile device with simulated throttling, performance only. */
async function runLighthouse(port: number, url: string, cookie: string | undefined) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cookie === undefined ? {} : { extraHeaders: { Cookie: cookie } }),
  });
  if (result === undefined) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError !== undefined) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  const cumulativeLayoutShift = lhr.audits['cumulative-layout-shift']?.numericValue;
  if (score === undefined || score === null || cumulativeLayoutShift === undefined)
    throw new Error(`Lighthouse gave no performance score or layout shift for ${url}`);
  return { score: Math.round(score * 100), cumulativeLayoutShift };
}

/**
 * Section (i): the server started as `npm start` does, serving the build section (h) made; Lighthouse
 * mobile runs each page three times in a fresh headless Chromium (a cold cache each run) and the median
 * counts. The signed-in page gets the session cookie as an extra header on every request.
 */
export async function measureLighthouse(): Promise<LighthouseFigure[]> {
  if (!existsSync(path.join(WEB_ROOT, 'index.html')))
    throw new Error(`No web build in ${WEB_ROOT}: run section (h) first`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rampart-bench-lighthouse-'));
  const server = await startServerProcess({
    dataDir,
    port: await freePort(),
    env: { WEB_DIST_DIR: path.resolve(WEB_ROOT) },
  });
  const figures: LighthouseFigure[] = [];
  try {
    // The owner of the typical guild, with a completed audit of it: the dashboard as it looks in use.
    const { ownerCookie } = await prepareSignedInFixture(server.url);
    for (const page of PAGES) {
      const samples: LighthouseFigure['samples'] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const chrome = await chromeLauncher.launch({
          chromePath: CHROME_PATH,
          chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
        });
        try {
          samples.push(
            await runLighthouse(chrome.port, `${server.url}${page.path}`, page.signedIn ? ownerCookie : undefined),
          );
        } finally {
          chrome.kill();
        }
      }
      const score = median(samples.map((sample) => sample.score));
      const cumulativeLayoutShift = median(samples.map((sample) => sample.cumulativeLayoutShift));
      figures.push({
        page: page.path,
        signedIn: page.signedIn,
        score,
        cumulativeLayoutShift,
        scoreTarget: page.scoreTarget,
        layoutShiftTarget: LAYOUT_SHIFT_TARGET,
        met: score >= page.scoreTarget && cumulativeLayoutShift <= LAYOUT_SHIFT_TARGET,
        samples,
      });
    }
  } finally {
    await server.stop('SIGINT');
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n(i) Lighthouse mobile (default configuration, simulated throttling), median of ${RUNS} runs`);
  console.log(
    table(
      ['page', 'as', 'score', 'target', 'layout shift', 'target', 'verdict', 'the runs (score / shift)'],
      figures.map((figure) => [
        figure.page,
        figure.signedIn ? 'demo owner' : 'visitor',
        String(figure.score),
        `>= ${figure.scoreTarget}`,
        figure.cumulativeLayoutShift.toFixed(3),
        `<= ${figure.layoutShiftTarget}`,
        verdict(figure.met),
        figure.samples.map((sample) => `${sample.score} / ${sample.cumulativeLayoutShift.toFixed(3)}`).join('; '),
      ]),
    ),
  );
  return figures;
}
