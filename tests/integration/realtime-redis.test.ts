import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import type { Audit } from '../../src/shared/contracts/audits.js';
import type { ServerEventPayload } from '../../src/shared/contracts/realtime.js';
import { GUILDS } from '../helpers/audits.js';
import { submitConsent } from '../helpers/consent-form.js';
import { openTestDatabase } from '../helpers/test-database.js';
import { connectSocket, next, received, request } from '../helpers/sockets.js';
import { cookieHeader, DEMO, startTestDiscordSimulator, TEST_PUBLIC_URL, testConfig } from '../helpers/test-app.js';
import { userIdOf } from '../helpers/evidence.js';
import { createThreadRows } from '../helpers/thread-rows.js';

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
  let apiAddress: string | undefined;
  const listenApi = async () => (apiAddress ??= await api.listen({ port: 0, host: '127.0.0.1' }));

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
    const address = await listenApi();
    const socket = await connectSocket(address, cookie);
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
    const socket = await connectSocket(address, first);
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    await signIn(first);
    expect(await disconnected).toBe('io server disconnect');
  });

  it('delivers an event for staff and a thread, raised on one instance, to the sockets in those rooms on the other', async () => {
    const signIn = async (discordId: string) => {
      const start = await api.inject({ method: 'GET', url: '/api/auth/discord' });
      const consent = await submitConsent(String(start.headers.location), {
        accountId: discordId,
        button: 'Authorize',
      });
      const callback = new URL(consent.headers.get('location') ?? '');
      const signedIn = await api.inject({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
        headers: { cookie: cookieHeader(start) },
      });
      return cookieHeader(signedIn, 'rampart_session');
    };
    const [ada, olivia, eddie] = [await signIn(DEMO.ada), await signIn(DEMO.olivia), await signIn(DEMO.eddie)];
    const pixelPlaza = (await api.inject({ method: 'GET', url: '/api/servers', headers: { cookie: olivia } }))
      .json<{ id: string; discordId: string }[]>()
      .find((server) => server.discordId === GUILDS.typical);
    const { threadId } = await createThreadRows(
      { database },
      { serverId: pixelPlaza?.id ?? '', authorUserId: await userIdOf({ database }, DEMO.olivia) },
    );
    const address = await listenApi();
    const staffSocket = await connectSocket(address, ada);
    const ownerSocket = await connectSocket(address, olivia);
    const otherSocket = await connectSocket(address, eddie);
    expect(await request(ownerSocket, 'join-thread', threadId)).toBe(true);
    expect(await request(otherSocket, 'join-thread', threadId)).toBe(false);
    type Submitted = ServerEventPayload<'evidence.submitted'>;
    const otherInbox = received<Submitted>(otherSocket, 'evidence.submitted');
    const toStaff = next<Submitted>(staffSocket, 'evidence.submitted');
    const toThread = next<Submitted>(ownerSocket, 'evidence.submitted');
    const event = { threadId, evidenceId: threadId, serverName: 'Pixel Plaza', checkName: 'AutoMod' };
    worker.realtime.publish('evidence.submitted', event, { users: [], staff: true, threads: [threadId] });
    expect(await toStaff).toEqual(event);
    expect(await toThread).toEqual(event);
    // The other owner's own room gets a marker after it: by then the event would have arrived, had it been sent.
    const marker = next<Submitted>(otherSocket, 'evidence.submitted');
    worker.realtime.publish(
      'evidence.submitted',
      { ...event, threadId: 'marker' },
      { users: [await userIdOf({ database }, DEMO.eddie)] },
    );
    await marker;
    expect(otherInbox.map((payload) => payload.threadId)).toEqual(['marker']);
    for (const socket of [staffSocket, ownerSocket, otherSocket]) socket.close();
  });
});
