import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

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
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rampart-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...cleanEnv(), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitForReady(`${baseUrl}/readyz`, server, () => output);
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
  project.provide('e2eBaseUrl', baseUrl);

  return async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGINT');
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), 15_000)));
    const code = await Promise.race([exited, timedOut]);
    clearTimeout(timer);
    if (code === 'timeout') server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0) throw new Error(`The e2e server did not stop cleanly (exit ${String(code)}):\n${output}`);
  };
}

/** The server under test must run in demo mode whatever the developer's shell exports. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key.startsWith('DISCORD_') || key === 'DATABASE_URL' || key === 'ADMIN_DISCORD_IDS' || key === 'REDIS_URL') delete env[key];
  }
  return env;
}

async function waitForReady(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The e2e server exited early:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await delay(200);
  }
  throw new Error(`The e2e server was not ready within 60 s:\n${output()}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
