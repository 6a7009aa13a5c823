import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';

/**
 * Imports flow one way: shared ← audit ← server; shared ← web; simulators stand apart from product code and
 * the server reaches them only from its demo wiring. Every import is resolved to a file first (TypeScript's
 * own resolution), so an arrow is caught however the import is spelled, not only when a path pattern
 * happens to match it. tests/lint/import-boundaries.test.ts lints a probe for each forbidden arrow.
 */
const root = path.resolve(import.meta.dirname, '..');
const inSrc = (folder) => `src/${folder}`;

const layerZones = [
  {
    target: inSrc('shared'),
    from: ['audit', 'server', 'web', 'simulators'].map(inSrc),
    message: 'src/shared imports nothing of ours.',
  },
  {
    target: inSrc('audit'),
    from: ['server', 'web', 'simulators'].map(inSrc),
    message: 'src/audit imports only src/shared.',
  },
  { target: inSrc('server'), from: inSrc('web'), message: 'The server never imports the web.' },
  {
    // Globs: every file of the server except those under demo/, the one folder that wires simulators in.
    target: ['src/server/*', 'src/server/!(demo)/**'],
    from: inSrc('simulators'),
    message: 'The server reaches simulators only from src/server/demo/.',
  },
  {
    target: inSrc('web'),
    from: ['server', 'audit', 'simulators'].map(inSrc),
    message: 'The web imports only src/shared.',
  },
  // Simulators may name our shared ids (fixture expectations) but keep their own Discord logic, so a bug in
  // the product's permission math cannot hide behind the same bug in the simulator.
  {
    target: inSrc('simulators'),
    from: ['server', 'web', 'audit'].map(inSrc),
    message: 'Simulators stand in for third parties; they do not import product code.',
  },
];

const featuresFolder = 'src/web/features';

/** Read when lint starts, so a new feature is isolated from its siblings without an edit here. */
function featureFolders() {
  const absolute = path.join(root, featuresFolder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${featuresFolder}/${entry.name}`);
}

const featureIsolationZones = (features) =>
  features.flatMap((feature) => {
    const siblings = features.filter((other) => other !== feature);
    if (siblings.length === 0) return [];
    return [
      {
        target: feature,
        from: siblings,
        message: 'Features do not import each other; move what both need down to components/, lib/ or src/shared.',
      },
    ];
  });

const webLayerZones = [
  {
    target: ['src/web/lib', 'src/web/components'],
    from: [featuresFolder, 'src/web/app'],
    message: 'lib/ and components/ know no feature and no page: they sit below both.',
  },
  {
    target: 'src/web/api',
    from: [featuresFolder, 'src/web/app'],
    message: 'Data hooks in api/ build on lib/ and src/shared, never on features or pages.',
  },
];

const importZones = () => [...layerZones, ...featureIsolationZones(featureFolders()), ...webLayerZones];

export const importBoundaries = [
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without this, import-x skips .ts/.tsx files when it follows imports, and no-cycle sees no circle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: importZones() }],
      // Type-only imports are erased at build time, so the rule (by design) does not count them as a circle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
];
