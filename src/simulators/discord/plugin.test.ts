import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TYPICAL_GUILD_ID } from './fixtures/index.js';
import { discordSimulator } from './plugin.js';
import { createSimulatorState } from './state.js';
import type { SimulatorState } from './state.js';
import {
  authorizeUrl,
  basicAuth,
  postForm,
  REDIRECT_URI,
  signInParams,
  submitConsentPage,
  TEST_APP,
} from './test-support.js';

const PREFIX = '/_sim/discord';

/** A host app shaped like the product: global form and cookie parsers, its own routes, the simulator mounted. */
async function startHost(state: SimulatorState): Promise<{ app: FastifyInstance; base: string }> {
  const app = Fastify({ logger: false });
  await app.register(formbody);
  await app.register(cookie);
  app.post('/echo-form', async (request) => ({ body: request.body }));
  await app.register(discordSimulator, {
    prefix: PREFIX,
    ...TEST_APP,
    redirectUris: [...TEST_APP.redirectUris],
    state,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return { app, base: `http://127.0.0.1:${address.port}` };
}

let host: { app: FastifyInstance; base: string };
let state: SimulatorState;
beforeEach(async () => {
  state = createSimulatorState();
  host = await startHost(state);
});
afterEach(async () => {
  await host.app.close();
});

describe('discordSimulator mounted under a prefix in a host app with @fastify/formbody', () => {
  it('leaves the host form parser working', async () => {
    const response = await postForm(`${host.base}/echo-form`, { a: '1', b: 'two' });
    expect(await response.json()).toEqual({ body: { a: '1', b: 'two' } });
  });

  it('runs the sign-in flow and the token exchange under the prefix', async () => {
    const simBase = `${host.base}${PREFIX}`;
    const consent = await submitConsentPage(authorizeUrl(simBase, signInParams()), 'Authorize', '1100000000000000002');
    expect(consent.status).toBe(302);
    expect(consent.headers.get('set-cookie')).toContain(`Path=${PREFIX}/oauth2`);
    const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const token = await postForm(
      `${simBase}/api/oauth2/token`,
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI },
      { authorization: basicAuth() },
    );
    expect(token.status).toBe(200);
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    const me = await fetch(`${simBase}/api/v10/users/@me`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(await me.json()).toMatchObject({ id: '1100000000000000002', mfa_enabled: true });
    const css = await fetch(`${simBase}/oauth2/assets/consent.css`);
    expect(css.status).toBe(200);
  });

  it('serves REST with rate-limit headers and logs routes without the prefix', async () => {
    const response = await fetch(`${host.base}${PREFIX}/api/v10/guilds/${TYPICAL_GUILD_ID}/roles`, {
      headers: { authorization: `Bot ${TEST_APP.botToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-bucket')).toBeTruthy();
    expect(state.requestLog.at(-1)).toMatchObject({
      method: 'GET',
      route: '/guilds/:guildId/roles',
      path: `/guilds/${TYPICAL_GUILD_ID}/roles`,
      status: 200,
      auth: 'bot',
    });
  });

  it('keeps its not-found body inside the prefix and leaves the host one alone', async () => {
    const inside = await fetch(`${host.base}${PREFIX}/api/v10/unknown`);
    expect(await inside.json()).toEqual({ message: '404: Not Found', code: 0 });
    const outside = await fetch(`${host.base}/unknown`);
    expect(outside.status).toBe(404);
    expect(await outside.json()).toMatchObject({ statusCode: 404 });
  });

  it('can be mounted twice in one host (own parsers per scope, no clash)', async () => {
    const app = Fastify({ logger: false });
    await app.register(formbody);
    await app.register(discordSimulator, { prefix: '/one', ...TEST_APP, redirectUris: [...TEST_APP.redirectUris] });
    await app.register(discordSimulator, { prefix: '/two', ...TEST_APP, redirectUris: [...TEST_APP.redirectUris] });
    const response = await app.inject({
      method: 'POST',
      url: '/two/api/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'unsupported_grant_type' });
    await app.close();
  });
});
