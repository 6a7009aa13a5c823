import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { submitConsent } from '../../helpers/consent-form.js';

const root = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  url: string;
  output(): string;
  /** Sends the signal and waits (bounded) for the exit code. */
  stop(signal: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
}

/**
 * Runs what `npm start` runs (scripts/start.mjs: builds the web app and the server when stale, then the compiled
 * server), in demo mode on its own data directory. Only the first start of a run after a source change builds.
 */
export async function startServerProcess(options: {
  dataDir: string;
  port: number;
  publicUrl?: string;
  logLevel?: string;
  /** Applied last, over the demo environment (the bench points DATABASE_URL or DISCORD_API_URL elsewhere). */
  env?: NodeJS.ProcessEnv;
  /** How often /readyz is asked while starting; the bench asks often to time start-up finely. */
  readyPollMs?: number;
}): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...demoEnv(),
      PORT: String(options.port),
      PUBLIC_URL: options.publicUrl ?? url,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: options.logLevel ?? 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await waitForReady(`${url}/readyz`, child, () => output, options.readyPollMs ?? 200);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    output: () => output,
    stop: async (signal, timeoutMs = 30_000) => {
      child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
      const code = await Promise.race([exited, timedOut]);
      clearTimeout(timer);
      if (code !== 'timeout') return code;
      child.kill('SIGKILL');
      throw new Error(`the server did not stop within ${timeoutMs} ms after ${signal}:\n${output}`);
    },
  };
}

/** Signs in through the server's own simulated Discord, like a browser; returns the session Cookie header. */
export async function signInOverHttp(baseUrl: string, discordId: string): Promise<string> {
  const start = await fetch(`${baseUrl}/api/auth/discord`, { redirect: 'manual' });
  const stateCookie = cookiesOf(start);
  const consent = await submitConsent(start.headers.get('location') ?? '', {
    accountId: discordId,
    button: 'Authorize',
  });
  const callback = await fetch(consent.headers.get('location') ?? '', {
    redirect: 'manual',
    headers: { cookie: stateCookie },
  });
  if (callback.headers.get('location') !== '/')
    throw new Error(`sign-in ended at ${String(callback.headers.get('location'))}`);
  return cookiesOf(callback);
}

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** The server under test runs in demo mode whatever the developer's shell exports. */
function demoEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (
      key.startsWith('DISCORD_') ||
      ['DATABASE_URL', 'ADMIN_DISCORD_IDS', 'REDIS_URL', 'HOST', 'INSTANCE_ID', 'DEMO_MODE'].includes(key)
    )
      delete env[key];
  }
  return env;
}

async function waitForReady(url: string, child: ChildProcess, output: () => string, pollMs: number): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`the server was not ready within 90 s:\n${output()}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
