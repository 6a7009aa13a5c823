import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/server/app.js';
import { loadConfig, type AppConfig, SIMULATED_DISCORD_APP } from '../../src/server/config.js';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import { cookieNames } from '../../src/server/modules/auth/cookies.js';
import { ADA, EDDIE, MONA, OLIVIA } from '../../src/simulators/discord/fixtures/accounts.js';
import { startDiscordSimulator } from '../../src/simulators/discord/standalone.js';
import { submitConsent } from './consent-form.js';
import { assertNoContractViolations, checkResponseContracts } from './response-contract.js';
import { openTestDatabase } from './test-database.js';

/**
 * The address the app is configured with, and the one `app.inject` requests reach by default
 * (Host: localhost:80): requests under another host name are redirected to it.
 */
export const TEST_PUBLIC_URL = 'http://localhost';
/**
 * PUBLIC_URL of tests of a deployment served over https (secure cookies, HSTS), under the host name and
 * port `app.inject` sends (localhost:80), so its requests are not redirected.
 */
export const TEST_HTTPS_PUBLIC_URL = 'https://localhost:80';
export const DEMO = {
  olivia: OLIVIA.user.id,
  eddie: EDDIE.user.id,
  ada: ADA.user.id,
  mona: MONA.user.id,
} as const;

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: DatabaseHandle;
  simulator: Awaited<ReturnType<typeof startDiscordSimulator>>;
  /** Signs in through the real OAuth flow against the simulator; returns the Cookie header to send. */
  signIn(discordId: string): Promise<string>;
  /** Starts sign-in and returns what the browser would carry to the provider. */
  startSignIn(query?: string): Promise<{ authorizeUrl: string; stateCookie: string }>;
  /** Closes everything, then fails if any answer broke its declared contract (./response-contract.ts). */
  close(): Promise<void>;
}

/** The configuration of an app under test: demo mode on PUBLIC_URL, reaching Discord at the simulator's address. */
export function testConfig(simulatorUrl: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    PUBLIC_URL: TEST_PUBLIC_URL,
    DISCORD_API_URL: `${simulatorUrl}/api`,
    DISCORD_AUTHORIZE_URL: `${simulatorUrl}/oauth2/authorize`,
    LOG_LEVEL: 'silent',
    DEMO_MODE: 'true',
    ...env,
  });
}

/** The Discord simulator on a free port, with the test app's sign-in callbacks registered. */
export function startTestDiscordSimulator(): ReturnType<typeof startDiscordSimulator> {
  return startDiscordSimulator({
    port: 0,
    ...SIMULATED_DISCORD_APP,
    redirectUris: [
      `${TEST_PUBLIC_URL}/api/auth/discord/callback`,
      `${TEST_HTTPS_PUBLIC_URL}/api/auth/discord/callback`,
    ],
  });
}

export async function createTestApp(
  env: Record<string, string> = {},
  build: Omit<BuildAppOptions, 'config' | 'database'> = {},
): Promise<TestApp> {
  const simulator = await startTestDiscordSimulator();
  const database = await openTestDatabase();
  const config = testConfig(simulator.url, { WEB_DIST_DIR: './dist/web', ...env });
  const app = await buildApp({ config, database, logger: false, auditWorkerPollMs: 100, ...build });
  const contractViolations = checkResponseContracts(app);

  const startSignIn = async (query = '') => {
    const response = await app.inject({ method: 'GET', url: `/api/auth/discord${query}` });
    if (response.statusCode !== 302) throw new Error(`sign-in start answered ${response.statusCode}: ${response.body}`);
    return { authorizeUrl: String(response.headers.location), stateCookie: cookieHeader(response) };
  };

  const signIn = async (discordId: string) => {
    const { authorizeUrl, stateCookie } = await startSignIn();
    const consent = await submitConsent(authorizeUrl, { accountId: discordId, button: 'Authorize' });
    const callback = new URL(consent.headers.get('location') ?? '', authorizeUrl);
    const response = await app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: stateCookie },
    });
    if (response.headers.location !== '/') throw new Error(`sign-in ended at ${String(response.headers.location)}`);
    return cookieHeader(response, cookieNames(config).session);
  };

  return {
    app,
    config,
    database,
    simulator,
    signIn,
    startSignIn,
    close: async () => {
      await app.close();
      await database.close();
      await simulator.close();
      assertNoContractViolations(contractViolations);
    },
  };
}

/** The Cookie header a browser would send back for the cookies this response set. */
export function cookieHeader(response: LightMyRequestResponse, only?: string): string {
  return response.cookies
    .filter((cookie) => (only === undefined || cookie.name === only) && cookie.value !== '')
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

/** Headers of a same-origin browser request for state-changing calls. */
export const sameOrigin = (cookie?: string) => ({
  origin: TEST_PUBLIC_URL,
  ...(cookie === undefined ? {} : { cookie }),
});
