import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audience, ServerEventPayload } from '../../src/shared/contracts/realtime.js';
import { GUILDS, serverId } from '../helpers/audits.js';
import { connectSocket, next, received, request } from '../helpers/sockets.js';
import { createTestApp, DEMO, type TestApp } from '../helpers/test-app.js';
import { userIdOf } from '../helpers/evidence.js';
import { createThreadRows } from '../helpers/thread-rows.js';

/** Who may join which room (ROOMS in src/shared/contracts/realtime.ts), and who hears what is published. */

type Name = 'olivia' | 'mona' | 'eddie' | 'ada';
let t: TestApp;
const sockets = {} as Record<Name, Socket>;
const ids = {} as Record<Name, string>;
/** Pixel Plaza is Olivia's and Mona manages it; Study Hall is Eddie's. */
const threads = { pixelPlaza: '', studyHall: '' };

type Submitted = ServerEventPayload<'evidence.submitted'>;
let sequence = 0;

/**
 * Publishes an event to the audience, then a marker to every socket's own room: a socket has received all it
 * will of the event once its marker arrives, since one socket's events arrive in the order they were sent.
 */
async function publishAndSettle(audience: Audience): Promise<string> {
  const tag = `event-${++sequence}`;
  const event: Submitted = { threadId: tag, evidenceId: tag, serverName: 'Pixel Plaza', checkName: 'AutoMod' };
  const markers = Object.values(sockets).map((socket) =>
    next<Submitted>(socket, 'evidence.submitted', (payload) => payload.threadId === `${tag}-marker`),
  );
  t.app.realtime.publish('evidence.submitted', event, audience);
  t.app.realtime.publish('evidence.submitted', { ...event, threadId: `${tag}-marker` }, { users: Object.values(ids) });
  await Promise.all(markers);
  return tag;
}

const inbox = {} as Record<Name, Submitted[]>;
const got = (name: Name, tag: string) => inbox[name].filter((payload) => payload.threadId === tag).length;
const errors = {} as Record<Name, { message: string }[]>;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const name of ['olivia', 'mona', 'eddie', 'ada'] as const) {
    const cookie = await t.signIn(DEMO[name]);
    ids[name] = await userIdOf(t, DEMO[name]);
    sockets[name] = await connectSocket(address, cookie);
    inbox[name] = received<Submitted>(sockets[name], 'evidence.submitted');
    errors[name] = received(sockets[name], 'error');
    if (name === 'olivia')
      threads.pixelPlaza = (
        await createThreadRows(t, { serverId: await serverId(t, cookie, GUILDS.typical), authorUserId: ids.olivia })
      ).threadId;
    if (name === 'eddie')
      threads.studyHall = (
        await createThreadRows(t, { serverId: await serverId(t, cookie, GUILDS.studyHall), authorUserId: ids.eddie })
      ).threadId;
  }
});
afterAll(async () => {
  for (const socket of Object.values(sockets)) socket.close();
  await t?.close();
});

describe('join-notifications', () => {
  it("refuses another user's room: an error, and nothing published there arrives", async () => {
    expect(await request(sockets.eddie, 'join-notifications', ids.olivia)).toBe(false);
    expect(errors.eddie.at(-1)).toEqual({ message: 'You can only join your own notifications.' });
    const tag = await publishAndSettle({ users: [ids.olivia] });
    expect([got('olivia', tag), got('eddie', tag)]).toEqual([1, 0]);
  });

  it('lets a user rejoin their own', async () => {
    expect(await request(sockets.eddie, 'join-notifications', ids.eddie)).toBe(true);
  });
});

describe('join-admin-notifications (the staff room)', () => {
  it('refuses a non-admin, who then receives nothing sent to staff', async () => {
    const before = errors.olivia.length;
    expect(await request(sockets.olivia, 'join-admin-notifications', undefined)).toBe(false);
    expect(errors.olivia.slice(before)).toEqual([{ message: 'Only Rampart staff can join admin notifications.' }]);
    const tag = await publishAndSettle({ users: [], staff: true });
    expect([got('ada', tag), got('olivia', tag), got('mona', tag), got('eddie', tag)]).toEqual([1, 0, 0, 0]);
  });

  it('admits staff (who are in it from the moment they connect), with or without an argument', async () => {
    expect(await request(sockets.ada, 'join-admin-notifications', undefined)).toBe(true);
    const answer = (await sockets.ada.timeout(5000).emitWithAck('join-admin-notifications')) as { joined: boolean };
    expect(answer).toEqual({ joined: true });
  });
});

describe('join-thread and leave-thread', () => {
  it('refuses a thread of a server the user may not manage, and one that does not exist, or a bad argument', async () => {
    const before = errors.eddie.length;
    expect(await request(sockets.eddie, 'join-thread', threads.pixelPlaza)).toBe(false);
    expect(await request(sockets.eddie, 'join-thread', { id: '00000000-0000-4000-8000-000000000000' })).toBe(false);
    expect(await request(sockets.eddie, 'join-thread', 'not-a-thread-id')).toBe(false);
    expect(errors.eddie.slice(before)).toHaveLength(3);
    const tag = await publishAndSettle({ users: [], threads: [threads.pixelPlaza] });
    expect(got('eddie', tag)).toBe(0);
  });

  it("admits the server's owner side (by id or { id }) and staff, and delivers the thread's events to them only", async () => {
    expect(await request(sockets.olivia, 'join-thread', threads.pixelPlaza)).toBe(true);
    expect(await request(sockets.mona, 'join-thread', { id: threads.pixelPlaza })).toBe(true);
    expect(await request(sockets.ada, 'join-thread', threads.studyHall)).toBe(true);
    expect(await request(sockets.eddie, 'join-thread', threads.studyHall)).toBe(true);

    const pixelPlaza = await publishAndSettle({ users: [], threads: [threads.pixelPlaza] });
    expect([
      got('olivia', pixelPlaza),
      got('mona', pixelPlaza),
      got('eddie', pixelPlaza),
      got('ada', pixelPlaza),
    ]).toEqual([1, 1, 0, 0]);
    const studyHall = await publishAndSettle({ users: [], threads: [threads.studyHall] });
    expect([got('olivia', studyHall), got('mona', studyHall), got('eddie', studyHall), got('ada', studyHall)]).toEqual([
      0, 0, 1, 1,
    ]);
  });

  it('delivers an event once to a socket that is in several of its rooms', async () => {
    const tag = await publishAndSettle({
      users: [ids.mona, ids.eddie],
      staff: true,
      threads: [threads.pixelPlaza, threads.studyHall],
    });
    expect([got('olivia', tag), got('mona', tag), got('eddie', tag), got('ada', tag)]).toEqual([1, 1, 1, 1]);
  });

  it('stops delivering a thread’s events after leave-thread', async () => {
    await request(sockets.mona, 'leave-thread', threads.pixelPlaza);
    const tag = await publishAndSettle({ users: [], threads: [threads.pixelPlaza] });
    expect([got('olivia', tag), got('mona', tag)]).toEqual([1, 0]);
  });
});
