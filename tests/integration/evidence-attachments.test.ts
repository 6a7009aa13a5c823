import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { CreateThreadResponse, EvidenceFile } from '../../src/shared/contracts/evidence.js';
import type { ServerEventPayload } from '../../src/shared/contracts/realtime.js';
import { api, evidenceWorld, type EvidenceWorld } from '../helpers/evidence.js';
import { SAMPLE, uploadRequest } from '../helpers/multipart.js';
import { connectSocket, next, received, request } from '../helpers/sockets.js';

/** Uploads, the evidence that attaches them and the thread's room, through the real routes end to end. */

let w: EvidenceWorld;
let created: z.infer<typeof CreateThreadResponse>;
let screenshot: EvidenceFile;
const sockets: Socket[] = [];

const download = (cookie: string, url: string) => w.t.app.inject({ method: 'GET', url, headers: { cookie } });

beforeAll(async () => {
  w = await evidenceWorld();
  const uploaded = await w.t.app.inject(
    await uploadRequest(w.c.olivia, [{ name: 'automod.png', content: SAMPLE.png, type: 'image/png' }]),
  );
  [screenshot] = uploaded.json<{ files: EvidenceFile[] }>().files as [EvidenceFile];
  const check = w.ordinary[0];
  if (check === undefined) throw new Error('Pixel Plaza should fail an ordinary check');
  const submitted = await api(w.t).submit(w.c.olivia, {
    auditId: w.audit.id,
    checkId: check.checkId,
    content: 'AutoMod blocks invite links, see the screenshot.',
    attachments: [{ type: 'screenshot', fileIds: [screenshot.id] }],
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  created = submitted.json();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await w?.t.close();
});

describe('an uploaded file attached to evidence', () => {
  it("is served by its url to the thread's owner side and staff, and to no other owner", async () => {
    const [attachment] = created.message.attachments;
    expect(attachment?.files).toEqual([screenshot]);
    const url = screenshot.url;
    const answers = await Promise.all(
      [w.c.olivia, w.c.mona, w.c.ada, w.c.eddie].map((cookie) => download(cookie, url)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 404]);
    expect(answers[1]?.headers['content-type']).toBe('image/png');
    expect(answers[1]?.rawPayload.equals(Buffer.from(SAMPLE.png))).toBe(true);
  });

  it('cannot be attached a second time', async () => {
    const check = w.ordinary[1];
    const again = await api(w.t).submit(w.c.olivia, {
      auditId: w.audit.id,
      checkId: check?.checkId,
      content: 'The same screenshot again.',
      attachments: [{ type: 'screenshot', fileIds: [screenshot.id] }],
    });
    expect(again.statusCode).toBe(400);
  });
});

describe("the thread's room", () => {
  it("admits the owner side and staff, refuses another owner, and carries staff's reply to the owner side only", async () => {
    const address = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const mona = await connectSocket(address, w.c.mona);
    const ada = await connectSocket(address, w.c.ada);
    const eddie = await connectSocket(address, w.c.eddie);
    sockets.push(mona, ada, eddie);
    const threadId = created.thread.id;
    expect(await request(mona, 'join-thread', threadId)).toBe(true);
    expect(await request(ada, 'join-thread', { id: threadId })).toBe(true);
    expect(await request(eddie, 'join-thread', threadId)).toBe(false);

    type Created = ServerEventPayload<'message.created'>;
    const eddieHeard = received<Created>(eddie, 'message.created');
    const monaHears = next<Created>(mona, 'message.created');
    const reply = await api(w.t).post(w.c.ada, threadId, { content: 'Please also show the AutoMod exemptions.' });
    expect(reply.statusCode, reply.body).toBe(201);
    const heard = await monaHears;
    expect(heard).toMatchObject({ threadId, threadStatus: 'PENDING_USER' });
    expect(heard.message.isAdminMessage).toBe(true);

    // Eddie's own room gets a notification of his own afterwards: by then the reply would have reached him.
    const marker = next(eddie, 'notification.created');
    w.t.app.realtime.publish(
      'notification.created',
      { ...markerNotification(), id: 'marker' },
      { users: [w.ids.eddie] },
    );
    await marker;
    expect(eddieHeard).toEqual([]);
  });
});

function markerNotification(): ServerEventPayload<'notification.created'> {
  return {
    id: 'marker',
    type: 'SYSTEM_UPDATE',
    title: 'Marker',
    message: 'Sent last.',
    isRead: false,
    read: false,
    actionUrl: null,
    threadId: null,
    createdAt: new Date().toISOString(),
  };
}
