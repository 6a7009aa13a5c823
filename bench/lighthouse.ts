import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, startServerProcess } from '../tests/e2e/support/server-process.js';
import { prepareSignedInFixture, queueAudit, waitForAudit } from './http/signed-in-fixture.js';
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
/**
 * On a busy machine Lighthouse sometimes fails to record the trace (NO_NAVSTART, NO_FCP): such a run gives
 * no figure at all, so it is measured again, a few times per page at most, and said so in the output.
 */
const MAX_FAILED_RECORDINGS = 3;

class RecordingFailed extends Error {}
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

/**
 * The typical guild's owner, whose dashboard (which shows her first server) has a completed audit of that
 * server, as it looks in use: its figures are what arrives last. Returns her session cookie.
 */
async function ownerWithAnAudit(url: string): Promise<string> {
  const { ownerCookie, adminCookie, auditId } = await prepareSignedInFixture(url);
  const servers = (await (await fetch(`${url}/api/servers`, { headers: { cookie: ownerCookie } })).json()) as {
    id: string;
  }[];
  const first = servers[0];
  if (first === undefined) throw new Error('the owner has no server');
  const audits = (await (
    await fetch(`${url}/api/servers/${first.id}/audits`, { headers: { cookie: ownerCookie } })
  ).json()) as {
    id: string;
  }[];
  if (!audits.some((audit) => audit.id === auditId))
    await waitForAudit(url, ownerCookie, await queueAudit(url, adminCookie, first.id));
  return ownerCookie;
}

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
  if (lhr.runtimeError !== undefined)
    throw new RecordingFailed(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  const cumulativeLayoutShift = lhr.audits['cumulative-layout-shift']?.numericValue;
  if (score === undefined || score === null || cumulativeLayoutShift === undefined)
    throw new Error(`Lighthouse gave no performance score or layout shift for ${url}`);
  return { score: Math.round(score * 100), cumulativeLayoutShift };
}

async function runInFreshBrowser(url: string, cookie: string | undefined) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    return await runLighthouse(chrome.port, url, cookie);
  } finally {
    chrome.kill();
  }
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
    const ownerCookie = await ownerWithAnAudit(server.url);
    for (const page of PAGES) {
      const samples: LighthouseFigure['samples'] = [];
      let failedRecordings = 0;
      while (samples.length < RUNS) {
        try {
          samples.push(await runInFreshBrowser(`${server.url}${page.path}`, page.signedIn ? ownerCookie : undefined));
        } catch (error) {
          if (!(error instanceof RecordingFailed) || failedRecordings >= MAX_FAILED_RECORDINGS) throw error;
          failedRecordings += 1;
          console.warn(`    ${error.message}; measuring that run again`);
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
