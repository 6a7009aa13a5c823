import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressAssets } from './scripts/precompress-assets.js';

const serverOrigin = 'http://localhost:5000';
const webRoot = fileURLToPath(new URL('./src/web/', import.meta.url));
const inWeb = (file: string) => path.join(webRoot, file);

interface ModuleFacts {
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}
type GetModuleInfo = (id: string) => ModuleFacts | null;

/** The pages a visitor can open: the route table's public routes. Every other page is signed-in only. */
const PUBLIC_PAGES = [
  'app/routes/landing.tsx',
  'app/routes/about.tsx',
  'app/routes/redeem.tsx',
  'app/routes/verify-certificate.tsx',
].map(inWeb);
const ROUTE_TABLE = inWeb('app/routes/route-table.ts');
const ENTRY = inWeb('main.tsx');
const LANDING = inWeb('app/routes/landing.tsx');
const SHELL = inWeb('app/signed-in-routes.tsx');
const LIVE_UPDATES = inWeb('app/live-updates.tsx');
const DASHBOARD = inWeb('app/routes/dashboard.tsx');
const DASHBOARD_PREFETCH = inWeb('features/audits/dashboard/prefetch-dashboard.ts');

const IMPORT_OR_EXPORT_FROM = /(?:import|export)\s*([^;]*?)\s*from\s*["']([^"']+)["']\s*;?/g;
const NAMED = /\{([^}]*)\}/;
const COMMENT = /\/\*[\s\S]*?\*\/|\/\/.*$/gm;

/** The names a module takes from other modules by name (`import { a as b }` gives `a`). */
function importedNames(code: string): Set<string> {
  const names = new Set<string>();
  for (const [, clause = ''] of code.matchAll(IMPORT_OR_EXPORT_FROM))
    for (const item of NAMED.exec(clause)?.[1]?.split(',') ?? []) {
      const name = item
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  return names;
}

/**
 * A package's index that only re-exports (lucide-react, radix-ui, @tanstack/react-query): which module
 * each exported name comes from, and where the rest (`export * from`) may be found.
 */
interface Barrel {
  sources: Map<string, string>;
  rest: string[];
}

function barrelOf(id: string, module: ModuleFacts): Barrel | null {
  if (!id.includes('/node_modules/') || module.code === null) return null;
  const code = module.code.replace(COMMENT, '').replace(/^\s*["']use \w+["'];?/, '');
  if (
    code
      .replace(IMPORT_OR_EXPORT_FROM, '')
      .replace(/export\s*\{[^}]*\}\s*;?/g, '')
      .trim() !== ''
  )
    return null;
  const withoutExtension = (file: string) => file.replace(/\.[cm]?js$/, '');
  const relative = new Map(module.importedIds.map((imported) => [withoutExtension(imported), imported]));
  const resolve = (specifier: string): string | undefined =>
    specifier.startsWith('.')
      ? relative.get(withoutExtension(path.resolve(path.dirname(id), specifier)))
      : module.importedIds.find((candidate) => candidate.includes(`/node_modules/${specifier}/`));
  const barrel: Barrel = { sources: new Map(), rest: [] };
  for (const [statement, clause = '', specifier = ''] of code.matchAll(IMPORT_OR_EXPORT_FROM)) {
    const source = resolve(specifier);
    if (source === undefined) continue;
    if (/^export\s*\*\s*from/.test(statement)) barrel.rest.push(source);
    for (const item of (NAMED.exec(clause)?.[1] ?? clause.replace(/^\*\s*as\s*/, '')).split(','))
      barrel.sources.set(
        item
          .trim()
          .split(/\s+as\s+/)
          .at(-1) ?? '',
        source,
      );
  }
  return barrel;
}

/** Package indexes read so far, for every closure of one build. */
const barrels = new Map<string, Barrel | null>();

/**
 * The modules that `roots` load, statically and through the dynamic imports `followDynamic` allows. Through
 * a re-exporting package index only the modules of the names the importer takes are followed, so a page
 * that uses two icons does not count as loading all of them.
 */
function closure(roots: readonly string[], info: GetModuleInfo, followDynamic: (to: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const barrel = (id: string) => {
    if (!barrels.has(id)) {
      const module = info(id);
      barrels.set(id, module === null ? null : barrelOf(id, module));
    }
    return barrels.get(id) ?? null;
  };
  const throughBarrel = (id: string, names: Set<string>, into: string[], visited = new Set<string>()): void => {
    if (visited.has(id)) return;
    visited.add(id);
    const index = barrel(id);
    if (index === null) return void into.push(id);
    // The index itself is loaded too, without the rest of what it re-exports.
    seen.add(id);
    const unknown = new Set([...names].filter((name) => !index.sources.has(name)));
    for (const name of names) {
      const source = index.sources.get(name);
      if (source !== undefined) throughBarrel(source, new Set([name, 'default']), into, visited);
    }
    // A name it does not list may come through `export *`; if nothing matched at all, everything counts.
    const fallback = unknown.size === names.size && index.rest.length === 0 ? (info(id)?.importedIds ?? []) : [];
    for (const source of [...index.rest, ...fallback])
      if (unknown.size > 0) throughBarrel(source, unknown, into, visited);
  };
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const module = info(id);
    if (module === null) continue;
    const names = importedNames(module.code ?? '');
    for (const next of module.importedIds) throughBarrel(next, names, stack);
    for (const next of module.dynamicallyImportedIds) if (followDynamic(next)) stack.push(next);
  }
  return seen;
}

let chunkOfModule: Map<string, string> | undefined;

const nameOf = (module: string) => path.basename(module).replace(/\.[^.]+$/, '');

/**
 * Which chunk a module of the signed-in dashboard's first load goes to (null: rolldown's automatic
 * splitting decides, as for everything else). Left alone, every set of lazily loaded modules that shares
 * a few modules gets a chunk of its own: the signed-in first load was some 40 small files, which the
 * browser fetches six at a time from one server. Grouped, only by who loads them, so nobody loads more
 * than before: `with-landing` (what the landing page's first load has too: the same code in fewer files),
 * `dashboard-data` (what the dashboard's data prefetch needs, small so the data is asked early),
 * `with-<names>` (what a visitor may load later too, by which of the visitor's lazy modules use it),
 * `signed-in` (the rest of the shell) and `dashboard-view` (the rest of the dashboard page). The entry's
 * own modules, and the shell and page modules themselves, keep their chunks.
 */
function firstLoadChunkName(id: string, context: { getModuleInfo: GetModuleInfo }): string | null {
  if (chunkOfModule === undefined) {
    const info: GetModuleInfo = (module) => context.getModuleInfo(module);
    const signedInEntries = new Set([
      SHELL,
      LIVE_UPDATES,
      ...(info(ROUTE_TABLE)?.dynamicallyImportedIds ?? []).filter((page) => !PUBLIC_PAGES.includes(page)),
    ]);
    const staticOnly = () => false;
    const visitor = closure([ENTRY], info, (to) => !signedInEntries.has(to));
    const visitorLater = [...visitor]
      .flatMap((module) => info(module)?.dynamicallyImportedIds ?? [])
      .filter((lazy) => lazy !== LANDING && !signedInEntries.has(lazy))
      .map((lazy) => ({ name: nameOf(lazy), modules: closure([lazy], info, staticOnly) }));
    const entry = closure([ENTRY], info, staticOnly);
    const landing = closure([ENTRY, LANDING], info, staticOnly);
    const prefetch = closure([DASHBOARD_PREFETCH], info, staticOnly);
    const shell = closure([SHELL], info, staticOnly);
    const firstView = closure([SHELL, DASHBOARD], info, staticOnly);
    chunkOfModule = new Map();
    for (const module of prefetch)
      if (!landing.has(module) && module !== DASHBOARD_PREFETCH) chunkOfModule.set(module, 'dashboard-data');
    for (const module of firstView) {
      if (entry.has(module) || chunkOfModule.has(module) || module === SHELL || module === DASHBOARD) continue;
      const laterUsers = [...new Set(visitorLater.filter((lazy) => lazy.modules.has(module)).map((lazy) => lazy.name))];
      const chunk = landing.has(module)
        ? 'with-landing'
        : laterUsers.length > 0
          ? `with-${laterUsers.sort().join('-')}`
          : shell.has(module)
            ? 'signed-in'
            : 'dashboard-view';
      chunkOfModule.set(module, chunk);
    }
  }
  return chunkOfModule.get(id) ?? null;
}

/** After a build, writes brotli and gzip copies of the text files for the server to send as they are. */
function precompress(): Plugin {
  return {
    name: 'rampart:precompress',
    apply: 'build',
    async writeBundle(output) {
      if (output.dir === undefined) return;
      const files = await precompressAssets(output.dir);
      const total = (key: 'bytes' | 'brotliBytes' | 'gzipBytes') =>
        `${(files.reduce((sum, file) => sum + file[key], 0) / 1024).toFixed(1)} kB`;
      this.environment.logger.info(
        `precompressed ${files.length} files: ${total('bytes')} → brotli ${total('brotliBytes')}, gzip ${total('gzipBytes')}`,
      );
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React changes less often than our code; a separate chunk stays cached across deploys. Other
        // libraries travel with the lazily loaded pages that use them, so the landing page does not load them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            // Only the modules named: their dependencies may belong to the landing page's chunks.
            {
              name: firstLoadChunkName,
              debugName: 'first-load',
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    // The Host header is kept (no changeOrigin) so the API sees the address the browser used.
    proxy: {
      '/api': serverOrigin,
      '/socket.io': { target: serverOrigin, ws: true },
      '/_sim': serverOrigin,
    },
  },
  preview: { port: 4173 },
});
