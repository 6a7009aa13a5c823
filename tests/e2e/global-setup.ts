import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startServerProcess } from './support/server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

/** Starts the real product in demo mode (own data directory, free port) for the browser tests. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(path.join(root, 'dist/web/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` (npm test does it for you).');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rampart-e2e-'));
  // Every spec file signs in from the same address, one after another: with the default 30 sign-in calls
  // a minute, a file's sign-in could be refused for what earlier files did. The limit has its own tests.
  const server = await startServerProcess({
    dataDir,
    port: await freePort(),
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
  });
  project.provide('e2eBaseUrl', server.url);

  return async () => {
    const code = await server.stop('SIGINT', 15_000);
    rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0) throw new Error(`The e2e server did not stop cleanly (exit ${String(code)}):\n${server.output()}`);
  };
}
