import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { table, verdict } from './stats.js';

/** Vite's build manifest: one entry per source module that became a chunk. */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface CompressedSize {
  raw: number;
  gzip: number;
  brotli: number;
}

/** The JavaScript one page needs on first load, for a visitor and for a signed-in user. */
export interface PageBundle {
  /** The page's source module, relative to the web root (e.g. app/routes/landing.tsx). */
  page: string;
  visitor: CompressedSize;
  signedIn: CompressedSize;
}

/** The bench builds its own copy with a manifest, so the served build never carries one. */
export const WEB_ROOT = '.tmp/bench-web';
const MANIFEST_PATH = `${WEB_ROOT}/.vite/manifest.json`;
/** Pages are the lazily loaded modules of the route table's folder. */
const PAGES_FOLDER = 'app/routes/';
/** What the app loads for anyone signed in, whatever the page: the shell's routes and live updates. */
const SIGNED_IN_MODULES = ['app/signed-in-routes.tsx', 'app/live-updates.tsx'];

/** Builds the web app with the project's Vite configuration into the bench's folder, with a manifest. */
export function buildWebForBench(): void {
  execFileSync(
    'npx',
    ['vite', 'build', '--outDir', `../../${WEB_ROOT}`, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
}

/** Highest settings, as a production build step would pre-compress them; the same every run. */
function compressedSize(bytes: Buffer): CompressedSize {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** A chunk and every chunk it imports statically: what the browser must load before it runs. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

function sumSizes(manifest: Manifest, keys: Iterable<string>): CompressedSize {
  const size = { raw: 0, gzip: 0, brotli: 0 };
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (file === undefined || !file.endsWith('.js')) continue;
    const one = compressedSize(readFileSync(path.join(WEB_ROOT, file)));
    size.raw += one.raw;
    size.gzip += one.gzip;
    size.brotli += one.brotli;
  }
  return size;
}

function keyOfSource(manifest: Manifest, source: string): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.src === source);
  if (key === undefined) throw new Error(`${source} is not a chunk of the build`);
  return key;
}

/**
 * Per page of the route table: the entry's static closure plus the page chunk's; signed in, also the
 * signed-in routes (the shell) and the live-update module, which the app loads for every user. Chunks
 * fetched later on demand (a dialog, the report) are not counted: the page shows without them.
 */
export function pageBundles(): PageBundle[] {
  const manifest = JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true);
  if (entryKey === undefined) throw new Error(`No entry chunk in ${MANIFEST_PATH}`);
  const entryKeys = staticClosure(manifest, entryKey, new Set());
  const signedInKeys = new Set(entryKeys);
  for (const source of SIGNED_IN_MODULES) staticClosure(manifest, keyOfSource(manifest, source), signedInKeys);
  return Object.keys(manifest)
    .filter((key) => manifest[key]?.isDynamicEntry === true && (manifest[key]?.src ?? '').startsWith(PAGES_FOLDER))
    .map((key) => ({
      page: manifest[key]?.src ?? key,
      visitor: sumSizes(manifest, staticClosure(manifest, key, new Set(entryKeys))),
      signedIn: sumSizes(manifest, staticClosure(manifest, key, new Set(signedInKeys))),
    }))
    .sort((a, b) => a.page.localeCompare(b.page));
}

const LANDING_BUDGET_BYTES = 100_000;
const DASHBOARD_BUDGET_BYTES = 160_000;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Section (h): builds, measures every page and prints the table with the two budgets of the performance issue. */
export function measurePageBundles(): PageBundle[] {
  buildWebForBench();
  const pages = pageBundles();
  console.log('\n(h) JavaScript per page on first load, compressed (brotli 11 / gzip 9) from a fresh build');
  const budgetOf = (page: string): string => {
    if (page.endsWith('/landing.tsx')) return `visitor <= ${kB(LANDING_BUDGET_BYTES)}`;
    if (page.endsWith('/dashboard.tsx')) return `signed in <= ${kB(DASHBOARD_BUDGET_BYTES)}`;
    return '';
  };
  const verdictOf = (bundle: PageBundle): string => {
    if (bundle.page.endsWith('/landing.tsx')) return verdict(bundle.visitor.brotli <= LANDING_BUDGET_BYTES);
    if (bundle.page.endsWith('/dashboard.tsx')) return verdict(bundle.signedIn.brotli <= DASHBOARD_BUDGET_BYTES);
    return '';
  };
  console.log(
    table(
      ['page', 'visitor brotli', 'visitor gzip', 'signed in brotli', 'signed in gzip', 'budget (brotli)', 'verdict'],
      pages.map((bundle) => [
        bundle.page,
        kB(bundle.visitor.brotli),
        kB(bundle.visitor.gzip),
        kB(bundle.signedIn.brotli),
        kB(bundle.signedIn.gzip),
        budgetOf(bundle.page),
        verdictOf(bundle),
      ]),
    ),
  );
  return pages;
}
