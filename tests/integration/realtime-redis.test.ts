import type { FastifyInstance } from 'fastify';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import type { Audit } from '../../src/shared/contracts/audits.js';
import { GUILDS } from '../helpers/audits.js';
import { submitConsent } from '../helpers/consent-form.js';
import { openTestDatabase } from '../helpers/test-database.js';
import { cookieHeader, DEMO, startTestDiscordSimulator, TEST_PUBLIC_URL, testConfig } from '../helpers/test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two instances on one database: A serves the browser's socket and API, B runs the audit worker.
 * The progress B emits must reach A's socket through the Redis adapter.
 */
describe.skipIf(redisUrl === undefined)('several instances behind a load balancer (needs TEST_REDIS_URL)', () => {
  let database: DatabaseHandle;
  let simulator: Awaited<ReturnType<typeof startTestDiscordSimulator>>;
  let api: FastifyInstance;
  let worker: FastifyInstance;

  beforeAll(async () => {
    simulator = await startTestDiscordSimulator();
    database = await openTestDatabase();
    const config = testConfig(simulator.url, { REDIS_URL: redisUrl ?? '', ADMIN_DISCORD_IDS: DEMO.ada });
    api = await buildApp({ config, database, logger: false, runAuditWorker: false });
    worker = await buildApp({ config, database, logger: false, auditWorkerPollMs: 100 });
    await worker.ready();
  });
  afterAll(async () => {
    await api?.close();
    await worker?.close();
    await database?.close();
    await simulator?.close();
  });

  it('delivers audit.updated from the instance that ran the audit to the socket on the other one', async () => {
    const start = await api.inject({ method: 'GET', url: '/api/auth/discord' });
    const consent = await submitConsent(String(start.headers.location), { accountId: DEMO.ada, button: 'Authorize' });
    const callback = new URL(consent.headers.get('location') ?? '');
    const signedIn = await api.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieHeader(start) },
    });
    const cookie = cookieHeader(signedIn, 'rampart_session');

    const servers = (await api.inject({ method: 'GET', url: '/api/servers', headers: { cookie } })).json<
      { id: string; discordId: string }[]
    >();
    const studyHall = servers.find((server) => server.discordId === GUILDS.studyHall);
    const address = await api.listen({ port: 0, host: '127.0.0.1' });
    const socket = io(address, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    const completed = new Promise<Audit>((resolve) =>
      socket.on('audit.updated', (audit: Audit) => {
        if (audit.status === 'completed') resolve(audit);
      }),
    );
    const queued = await api.inject({
      method: 'POST',
      url: '/api/audits',
      headers: { cookie, origin: TEST_PUBLIC_URL },
      payload: { serverId: studyHall?.id ?? '' },
    });
    expect(queued.statusCode).toBe(201);
    const audit = await completed;
    socket.close();
    expect(audit.id).toBe(queued.json<Audit>().id);
    expect(audit.totalChecks).toBe(20);
  });

  it('ends a socket on one instance when a new sign-in on the other destroys its session', async () => {
    const signIn = async (cookie = '') => {
      const start = await api.inject({ method: 'GET', url: '/api/auth/discord' });
      const consent = await submitConsent(String(start.headers.location), {
        accountId: DEMO.mona,
        button: 'Authorize',
      });
      const callback = new URL(consent.headers.get('location') ?? '');
      const signedIn = await api.inject({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
        headers: { cookie: [cookieHeader(start), cookie].filter(Boolean).join('; ') },
      });
      expect(signedIn.headers.location).toBe('/');
      return cookieHeader(signedIn, 'rampart_session');
    };
    const first = await signIn();
    const address = await worker.listen({ port: 0, host: '127.0.0.1' });
    const socket = io(address, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: first },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    await signIn(first);
    expect(await disconnected).toBe('io server disconnect');
  });
});
