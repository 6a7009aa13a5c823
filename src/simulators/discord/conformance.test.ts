import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './fixtures/index.js';
import { ACCOUNT_ROUTES } from './conformance/account-route-probes.js';
import { startConformanceSimulator } from './conformance/conformance-server.js';
import type { ConformanceSimulator } from './conformance/conformance-server.js';
import type { Probe, ProbeContext, RouteUnderTest } from './conformance/route-probes.js';
import { GUILD_ROUTES } from './conformance/route-probes.js';
import { conformanceFailure } from './conformance/validate.js';
import { WEBHOOK_ROUTES } from './conformance/webhook-route-probes.js';
import { basicAuth, obtainCode, postForm, REDIRECT_URI } from './test-support.js';

/**
 * Every response of every API route, for every fixture guild, against the schema Discord's OpenAPI
 * description (npm `discord-api-spec`) gives that route and status. Where the description is wrong and
 * Discord is not, `conformance/allowances.ts` names the exception.
 */

const ROUTES: RouteUnderTest[] = [...GUILD_ROUTES, ...ACCOUNT_ROUTES, ...WEBHOOK_ROUTES];

/** The consent pages and their stylesheet answer HTML and CSS, not API JSON. */
const PAGES = ['GET /oauth2/authorize', 'POST /oauth2/authorize', 'GET /oauth2/assets/consent.css'];

const SCOPES = 'identify guilds email';

async function tokenFor(base: string, accountId: string): Promise<{ access: string; refresh: string }> {
  const code = await obtainCode(base, accountId, { scope: SCOPES });
  const response = await postForm(
    `${base}/api/oauth2/token`,
    { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI },
    { authorization: basicAuth() },
  );
  const body = (await response.json()) as { access_token: string; refresh_token: string };
  return { access: body.access_token, refresh: body.refresh_token };
}

async function probeContext(base: string): Promise<ProbeContext> {
  const bearer = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) bearer.set(account.user.id, (await tokenFor(base, account.user.id)).access);
  const firstAccount = DEMO_ACCOUNTS[0]?.user.id ?? '';
  return {
    bearer,
    nextCode: () => obtainCode(base, firstAccount, { scope: SCOPES }),
    nextRefreshToken: async () => (await tokenFor(base, firstAccount)).refresh,
  };
}

async function send(sim: ConformanceSimulator, probe: Probe): Promise<Response> {
  probe.prepare?.(sim.state);
  const headers: Record<string, string> = { ...probe.headers };
  if (probe.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (probe.json !== undefined) headers['content-type'] = 'application/json';
  const body = probe.form
    ? new URLSearchParams(probe.form)
    : probe.json === undefined
      ? undefined
      : JSON.stringify(probe.json);
  return fetch(`${sim.url}${probe.url}`, { method: probe.method, headers, ...(body === undefined ? {} : { body }) });
}

const served = new Set<string>();
let sim: ConformanceSimulator;

beforeEach(async () => {
  sim = await startConformanceSimulator(served);
});
afterEach(async () => {
  await sim.close();
});

describe('every simulator response matches Discord’s published API description', () => {
  it.each(ROUTES.map((route) => [route.route, route] as const))('%s', async (_name, route) => {
    const probes = await route.probes(await probeContext(sim.url));
    served.clear();
    const failures: string[] = [];
    const statuses = new Set<number>();
    for (const probe of probes) {
      const response = await send(sim, probe);
      statuses.add(response.status);
      const where = `${probe.method} ${probe.url} [${probe.label}] → ${response.status}`;
      if (probe.expectedStatus !== undefined && response.status !== probe.expectedStatus) {
        failures.push(`${where}: expected status ${probe.expectedStatus}`);
      }
      const failure = conformanceFailure(probe.contract, response.status, await response.text());
      if (failure !== undefined) failures.push(`${where}: ${failure}`);
    }
    expect(failures).toEqual([]);
    expect([...statuses].sort()).toEqual(expect.arrayContaining(route.statuses));
    expect(served).toContain(route.route);
  });

  it('tests exactly the API routes the simulator registers', () => {
    const apiRoutes = sim.registeredRoutes.filter((route) => !PAGES.includes(route));
    expect(new Set(ROUTES.map((route) => route.route))).toEqual(new Set(apiRoutes));
    expect(sim.registeredRoutes).toEqual(expect.arrayContaining(PAGES));
  });
});
