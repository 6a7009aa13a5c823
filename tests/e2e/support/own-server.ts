import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { useBrowser } from './browser.js';
import { freePort, type ServerProcess, startServerProcess } from './server-process.js';
import { DEMO_NAMES } from './sign-in.js';

type Account = 'olivia' | 'ada';

export interface OwnServer {
  /** An absolute address on this server (the browser's base address is the shared server's). */
  url(pathname: string): string;
  /** The page signed in as the account before the file's tests ran. */
  session(account: Account): Page;
  /** What the server printed so far. */
  output(): string;
}

/**
 * A demo server of a file's own, for purchases and redemptions that would give Olivia a plan on the shared
 * server (other files expect her without one). Olivia and Ada are signed in once for the whole file. `env` is
 * applied over the demo environment (a short monitoring sweep, for instance).
 */
export function useOwnServer(
  browser: ReturnType<typeof useBrowser>,
  name: string,
  options: { env?: NodeJS.ProcessEnv } = {},
): OwnServer {
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  const sessions: Partial<Record<Account, Page>> = {};

  const url = (pathname: string): string => {
    if (server === undefined) throw new Error(`the ${name} server is not running`);
    return `${server.url}${pathname}`;
  };

  const signIn = async (account: Account): Promise<Page> => {
    const page = await browser.newPage();
    await page.goto(url('/'));
    await page.getByRole('link', { name: 'Sign in with Discord' }).first().click();
    await page.getByLabel(DEMO_NAMES[account]).check();
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL((address) => !address.pathname.startsWith('/_sim/') && !address.pathname.startsWith('/api/'));
    return page;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), `rampart-${name}-`));
    // At info, a stop that fails shows how far the shutdown got.
    server = await startServerProcess({ dataDir, port: await freePort(), env: options.env, logLevel: 'info' });
    sessions.ada = await signIn('ada');
    sessions.olivia = await signIn('olivia');
  });

  afterAll(async () => {
    // A stop may wait GRACEFUL_STOP_MS (10 s) for a run in flight, then close the database.
    const code = await server?.stop('SIGINT', 30_000);
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(0);
  });

  return {
    url,
    session(account) {
      const page = sessions[account];
      if (page === undefined) throw new Error(`${account} is not signed in`);
      return page;
    },
    output: () => server?.output() ?? '',
  };
}
