// What `npm start` runs is built: the web app by Vite into dist/web, the server by esbuild into dist/server.
// Each is rebuilt only when missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = path.join(root, 'dist/server/main.js');
const WEB_INDEX = path.join(root, 'dist/web/index.html');

const WEB_SOURCES = ['src/web', 'src/shared', 'vite.config.ts', 'scripts/precompress-assets.ts', 'package-lock.json'];
// The server's build options are in this very file.
const SERVER_SOURCES = [
  'src/server',
  'src/shared',
  'src/audit',
  'src/simulators',
  'package-lock.json',
  'scripts/builds.mjs',
];

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const sourceTime = Math.max(
    ...sources
      .map((p) => path.resolve(root, p))
      .filter(existsSync)
      .map(newestMtime),
  );
  return statSync(output).mtimeMs < sourceTime;
}

export const webIsStale = () => isStale(WEB_INDEX, WEB_SOURCES);
export const serverIsStale = () => isStale(SERVER_ENTRY, SERVER_SOURCES);

export function buildWeb() {
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error(`The web build failed (exit ${build.status ?? build.signal}).`);
}

/**
 * Packages that stay imports of node_modules: they read their own files at run time (PGlite its WebAssembly,
 * pdfkit its font metrics, pino its transports' workers), or load only on demand (the Redis client with
 * REDIS_URL; Fastify's default schema compilers, which the zod ones replace, and its inject), so that
 * starting does not even parse them.
 */
const EXTERNAL_PACKAGES = [
  '@electric-sql/pglite',
  // A native addon (.node file) for test-account passwords: esbuild cannot bundle it.
  '@node-rs/argon2',
  'pdfkit',
  'pino',
  'redis',
  '@socket.io/redis-adapter',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'light-my-request',
];

/**
 * Bundles src/server/main.ts with the packages it imports into ESM with source maps: one file read and
 * compiled instead of hundreds resolved one by one. Lazily imported modules (the database drivers, the demo's
 * simulator) become chunks of their own. Written beside dist/server and swapped in: a failed build leaves the
 * previous one in place, and a server starting meanwhile does not read half-written files.
 */
export async function buildServer() {
  const { build } = await import('esbuild');
  const outdir = path.join(root, 'dist/server');
  const staging = `${outdir}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outdir: staging,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: EXTERNAL_PACKAGES,
    // Bundled CommonJS packages call require() for Node's own modules, which ESM does not define.
    banner: {
      js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
    },
    sourcemap: true,
    // Stack traces need the mappings only; the sources are in the checkout.
    sourcesContent: false,
    logLevel: 'warning',
  });
  rmSync(outdir, { recursive: true, force: true });
  renameSync(staging, outdir);
}

/** Builds whichever of the two is stale, saying so. */
export async function buildWhatIsStale() {
  if (webIsStale()) {
    console.info('Building the web app…');
    buildWeb();
  }
  if (serverIsStale()) {
    console.info('Building the server…');
    await buildServer();
  }
}
