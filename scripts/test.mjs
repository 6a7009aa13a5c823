#!/usr/bin/env node
// `npm test`: make sure a browser is there, build the web app, then run every Vitest project
// (unit, database on PGlite — and on PostgreSQL when TEST_DATABASE_URL is set — and end-to-end in Chromium).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureBrowser } from './ensure-browser.mjs';

const root = path.resolve(import.meta.dirname, '..');
const node = process.execPath;

const chromePath = ensureBrowser();
const env = { ...process.env, CHROME_PATH: chromePath };

function run(label, args) {
  console.info(`\n▶ ${label}`);
  const result = spawnSync(node, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

run('Building the web app', [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
if (!existsSync(path.join(root, 'dist/web/index.html'))) {
  console.error('The web build produced no dist/web/index.html.');
  process.exit(1);
}
run('Running the tests', [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)]);
