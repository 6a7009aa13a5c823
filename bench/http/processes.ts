import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, type ServerProcess, startServerProcess } from '../../tests/e2e/support/server-process.js';
import { BENCH_SETTINGS } from './settings.js';

const benchDir = import.meta.dirname;

/** A child process the bench started, with how long it took from spawn to its first good answer. */
export interface TimedProcess {
  url: string;
  startMs: number;
  stop(): Promise<void>;
}

/** Runs one of the bare baseline servers (plain `node`, no loader) and times spawn → first 200. */
export async function startBare(script: 'bare-http-server.mjs' | 'bare-socketio-server.mjs'): Promise<TimedProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(benchDir, script)], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForOk(`${url}/healthz`, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const startMs = performance.now() - started;
  return {
    url,
    startMs,
    stop: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

async function waitForOk(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the bare server at ${url} exited early`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, BENCH_SETTINGS.readyPollMs));
  }
  throw new Error(`the bare server at ${url} did not answer within 30 s`);
}

export interface RampartOptions {
  dataDir: string;
  port: number;
  /** PostgreSQL instead of the embedded database. */
  databaseUrl?: string;
  /** Where the server calls "Discord" (the counting proxy in front of its own simulator). */
  discordApiUrl?: string;
}

/** Starts the real server as `npm start` does (demo mode) and times spawn → first 200 of /readyz. */
export async function startRampart(options: RampartOptions): Promise<{ server: ServerProcess; startMs: number }> {
  const env: NodeJS.ProcessEnv = {};
  if (options.databaseUrl !== undefined) env.DATABASE_URL = options.databaseUrl;
  if (options.discordApiUrl !== undefined) env.DISCORD_API_URL = options.discordApiUrl;
  const started = performance.now();
  const server = await startServerProcess({
    dataDir: options.dataDir,
    port: options.port,
    env,
    readyPollMs: BENCH_SETTINGS.readyPollMs,
  });
  return { server, startMs: performance.now() - started };
}

/** Stops gracefully, as an operator's restart would, so the next start finds a clean data directory. */
export async function stopRampart(server: ServerProcess): Promise<void> {
  const code = await server.stop('SIGINT');
  if (code !== 0) throw new Error(`the server exited with ${String(code)} on SIGINT:\n${server.output()}`);
}
