import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { CreateThreadResponse } from '../../src/shared/contracts/evidence.js';
import type { ServerEventName } from '../../src/shared/contracts/realtime.js';
import { api, evidenceWorld, type EvidenceWorld } from '../helpers/evidence.js';

/** What each side's sockets hear of evidence, once it has committed; other customers hear nothing. */

const EVENTS: ServerEventName[] = [
  'thread.created',
  'message.created',
  'thread.decision',
  'evidence.submitted',
  'notification.created',
  'audit.updated',
];

let w: EvidenceWorld;
let address = '';
const sockets: Socket[] = [];

/** A signed-in socket and every event it receives, by name, in order. */
async function listen(cookie: string) {
  const socket = io(address, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });
  const heard: { event: ServerEventName; payload: Record<string, unknown> }[] = [];
  for (const event of EVENTS) socket.on(event, (payload: Record<string, unknown>) => heard.push({ event, payload }));
  const until = async (event: ServerEventName, test: (payload: Record<string, unknown>) => boolean = () => true) => {
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const found = heard.find((entry) => entry.event === event && test(entry.payload));
      if (found !== undefined) return found.payload;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no ${event} within 5 s; heard ${heard.map((entry) => entry.event).join(', ')}`);
  };
  return { heard, until };
}

beforeAll(async () => {
  w = await evidenceWorld();
  address = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await w?.t.close();
});

describe('evidence in real time', () => {
  it('reaches the owner side and staff’s notifications, never another customer', async () => {
    const [olivia, mona, eddie, ada] = await Promise.all([
      listen(w.c.olivia),
      listen(w.c.mona),
      listen(w.c.eddie),
      listen(w.c.ada),
    ]);
    const call = api(w.t);
    const check = w.ordinary[0];
    if (check === undefined) throw new Error('Pixel Plaza should fail a check');

    const created = (
      await call.submit(w.c.olivia, { auditId: w.audit.id, checkId: check.checkId, content: 'See our bot.' })
    ).json<z.infer<typeof CreateThreadResponse>>();
    const threadId = created.thread.id;
    const ofThread = (payload: Record<string, unknown>) =>
      payload.threadId === threadId || (payload.thread as { id?: string } | undefined)?.id === threadId;
    for (const side of [olivia, mona]) {
      expect(await side.until('thread.created', ofThread)).toMatchObject({
        thread: { id: threadId, status: 'PENDING_ADMIN' },
      });
      expect(await side.until('message.created', ofThread)).toMatchObject({ threadStatus: 'PENDING_ADMIN' });
    }
    expect(await ada.until('notification.created', ofThread)).toMatchObject({ type: 'EVIDENCE_SUBMITTED' });
    expect(await ada.until('evidence.submitted', ofThread)).toMatchObject({
      evidenceId: created.evidence.id,
      serverName: 'Pixel Plaza',
      checkName: check.checkName,
    });
    await ada.until('thread.created', ofThread);

    await call.post(w.c.ada, threadId, { content: 'Which bot?' });
    expect(await mona.until('notification.created', (payload) => payload.type === 'ADMIN_FEEDBACK')).toMatchObject({
      threadId,
      actionUrl: `/evidence/threads/${threadId}`,
    });
    await olivia.until('message.created', (payload) => payload.threadStatus === 'PENDING_USER');

    await call.decide(w.c.ada, threadId, { decision: 'APPROVED' });
    await ada.until('thread.decision');
    expect(await olivia.until('thread.decision')).toMatchObject({
      threadId,
      decision: 'APPROVED',
      checkId: check.checkId,
    });
    expect(await olivia.until('audit.updated')).toMatchObject({ id: w.audit.id });
    expect(await mona.until('notification.created', (payload) => payload.type === 'EVIDENCE_REVIEWED')).toMatchObject({
      threadId,
    });

    // Staff's alert goes to the staff room only, never to the owner side.
    expect(olivia.heard.filter((entry) => entry.event === 'evidence.submitted')).toEqual([]);
    expect(eddie.heard).toEqual([]);
  });
});
