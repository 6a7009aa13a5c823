import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import { rateLimitCounters } from '../../src/server/db/schema.js';
import { openTestDatabase } from '../helpers/test-database.js';
import { startTestDiscordSimulator, testConfig } from '../helpers/test-app.js';

const LIMIT = 4;
const redisUrl = process.env.TEST_REDIS_URL;

let database: DatabaseHandle;
let simulator: Awaited<ReturnType<typeof startTestDiscordSimulator>>;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  simulator = await startTestDiscordSimulator();
  database = await openTestDatabase();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database?.close();
  await simulator?.close();
});

/** An instance of the app on the shared test database, as a load balancer would have several. */
async function instance(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = testConfig(simulator.url, { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT), ...env });
  const app = await buildApp({ config, database, logger: false, runAuditWorker: false });
  apps.push(app);
  return app;
}

const signInStart = (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
  app.inject({
    method: 'GET',
    url: '/api/auth/discord',
    remoteAddress,
    ...(forwardedFor === undefined ? {} : { headers: { 'x-forwarded-for': forwardedFor } }),
  });

const randomAddress = () => `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe('sign-in rate limits', () => {
  it('are shared by every instance on the database: the budget is spent across instances', async () => {
    const [a, b] = [await instance(), await instance()];
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i += 1)
      statuses.push((await signInStart(i % 2 === 0 ? a : b, '203.0.113.10')).statusCode);
    expect(statuses).toEqual([302, 302, 302, 302, 429, 429]);
    const limited = await signInStart(b, '203.0.113.10');
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signInStart(a, '203.0.113.11')).statusCode).toBe(302);
    const rows = await database.db.select().from(rateLimitCounters);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('are keyed by the address the trusted proxy reports: a rotating X-Forwarded-For does not bypass them', async () => {
    const app = await instance({ TRUST_PROXY: '10.0.0.0/8' });
    // From an untrusted peer, X-Forwarded-For is ignored altogether.
    const direct: number[] = [];
    for (let i = 0; i < LIMIT + 2; i += 1)
      direct.push((await signInStart(app, '203.0.113.20', randomAddress())).statusCode);
    expect(direct.slice(LIMIT)).toEqual([429, 429]);
    // Behind the trusted proxy, the right-most untrusted address counts, whatever the client prepends.
    const proxied: number[] = [];
    for (let i = 0; i < LIMIT + 2; i += 1)
      proxied.push((await signInStart(app, '10.0.0.2', `${randomAddress()}, 203.0.113.21`)).statusCode);
    expect(proxied.slice(0, LIMIT).every((status) => status === 302)).toBe(true);
    expect(proxied.slice(LIMIT)).toEqual([429, 429]);
    expect((await signInStart(app, '10.0.0.2', '203.0.113.22')).statusCode).toBe(302);
  });

  it('refuse TRUST_PROXY=true, which would believe any client-supplied X-Forwarded-For', () => {
    expect(() => loadConfig({ DEMO_MODE: 'true', TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEMO_MODE: 'true', TRUST_PROXY: 'true' })).toThrow(/proxy addresses/);
  });

  describe.skipIf(redisUrl === undefined)('with Redis (needs TEST_REDIS_URL)', () => {
    beforeAll(async () => {
      const client = createClient({ url: redisUrl ?? '' });
      await client.connect();
      for await (const keys of client.scanIterator({ MATCH: 'rampart:rate-limit:*' }))
        if (keys.length > 0) await client.del(keys);
      await client.quit();
    });

    it('keeps the counters in Redis, shared by the instances', async () => {
      const [a, b] = [await instance({ REDIS_URL: redisUrl ?? '' }), await instance({ REDIS_URL: redisUrl ?? '' })];
      await database.db.delete(rateLimitCounters);
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 2; i += 1)
        statuses.push((await signInStart(i % 2 === 0 ? a : b, '203.0.113.30')).statusCode);
      expect(statuses).toEqual([302, 302, 302, 302, 429, 429]);
      expect(await database.db.select().from(rateLimitCounters)).toEqual([]);
    });
  });
});

describe('public certificate rate limits', () => {
  const UNKNOWN_ID = 'RMP-AAAAAAAAAAAAAAAAAAAAAAAAAA';
  const get = (app: FastifyInstance, url: string, remoteAddress: string) =>
    app.inject({ method: 'GET', url, remoteAddress });

  it('limit the public check and the badge per client address, shared by every instance', async () => {
    const env = { VERIFY_RATE_LIMIT_PER_MINUTE: String(LIMIT) };
    const [a, b] = [await instance(env), await instance(env)];
    for (const [url, served] of [
      [`/api/public/certificates/${UNKNOWN_ID}`, 404],
      [`/badge/${UNKNOWN_ID}.svg`, 200],
    ] as const) {
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 2; i += 1)
        statuses.push((await get(i % 2 === 0 ? a : b, url, '203.0.113.40')).statusCode);
      expect(statuses, url).toEqual([served, served, served, served, 429, 429]);
      const limited = await get(a, url, '203.0.113.40');
      expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await get(b, url, '203.0.113.41')).statusCode, url).toBe(served);
    }
  });
});
