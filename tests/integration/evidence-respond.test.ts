import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { notifications } from '../../src/server/db/schema-evidence.js';
import type { CreateThreadResponse, PostMessageResponse } from '../../src/shared/contracts/evidence.js';
import { api, evidenceWorld, notificationsOf, ordinaryCheck, type EvidenceWorld } from '../helpers/evidence.js';
import { sameOrigin } from '../helpers/test-app.js';

/** Answering a staff reply or a review from the notifications page. */

type Created = z.infer<typeof CreateThreadResponse>;

let w: EvidenceWorld;
let call: ReturnType<typeof api>;
const errorOf = (response: { body: string }) => (JSON.parse(response.body) as { error: { code: string } }).error.code;

const ordinary = (index: number) => ordinaryCheck(w, index);
async function threadOn(index: number): Promise<Created> {
  const response = await call.submit(w.c.olivia, {
    auditId: w.audit.id,
    checkId: ordinary(index).checkId,
    content: `Evidence on ${ordinary(index).checkName}`,
  });
  if (response.statusCode !== 201) throw new Error(`submit answered ${response.statusCode}: ${response.body}`);
  return response.json<Created>();
}

beforeAll(async () => {
  w = await evidenceWorld();
  call = api(w.t);
  // A review for Olivia to answer, on a thread the review resolved.
  const reviewed = await threadOn(0);
  await call.decide(w.c.ada, reviewed.thread.id, { decision: 'REJECTED' });
});
afterAll(async () => w?.t.close());

describe('POST /api/notifications/{id}/respond', () => {
  const respond = (cookie: string | undefined, id: string, message: string) =>
    w.t.app.inject({
      method: 'POST',
      url: `/api/notifications/${id}/respond`,
      headers: sameOrigin(cookie),
      payload: { message },
    });

  it('posts the answer to a staff reply as the caller’s message in that thread and marks it read', async () => {
    const { thread } = await threadOn(1);
    await call.post(w.c.ada, thread.id, { content: 'Please add a screenshot.' });
    const [feedback] = (await notificationsOf(w.t, w.ids.mona, 'ADMIN_FEEDBACK')).filter(
      (n) => n.threadId === thread.id,
    );
    if (feedback === undefined) throw new Error('no ADMIN_FEEDBACK for Mona');
    expect((await respond(w.c.mona, feedback.id, '  ')).statusCode).toBe(400);
    expect((await respond(undefined, feedback.id, 'Sure')).statusCode).toBe(401);
    expect((await respond(w.c.olivia, feedback.id, 'Sure')).statusCode).toBe(404);
    const response = await respond(w.c.mona, feedback.id, 'Attached in a minute.');
    expect(response.statusCode).toBe(201);
    const posted = response.json<z.infer<typeof PostMessageResponse>>();
    expect(posted.thread).toMatchObject({ id: thread.id, status: 'PENDING_ADMIN' });
    expect(posted.message).toMatchObject({
      message: 'Attached in a minute.',
      isAdminMessage: false,
      fromUser: { username: 'Mona Moderator' },
    });
    const [read] = await w.t.database.db.select().from(notifications).where(eq(notifications.id, feedback.id));
    expect(read?.isRead).toBe(true);
  });

  it('answers a review too, but a resolved thread refuses it (409) and the notification stays unread', async () => {
    const [review] = await notificationsOf(w.t, w.ids.olivia, 'EVIDENCE_REVIEWED');
    if (review === undefined) throw new Error('no EVIDENCE_REVIEWED for Olivia');
    const response = await respond(w.c.olivia, review.id, 'Thank you!');
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toBe('THREAD_RESOLVED');
    const [unread] = await w.t.database.db.select().from(notifications).where(eq(notifications.id, review.id));
    expect(unread?.isRead).toBe(false);
  });

  it('refuses other kinds of notification (400) and an unknown id (404)', async () => {
    const [submitted] = await notificationsOf(w.t, w.ids.ada, 'EVIDENCE_SUBMITTED');
    if (submitted === undefined) throw new Error('no EVIDENCE_SUBMITTED for Ada');
    expect((await respond(w.c.ada, submitted.id, 'Looking at it')).statusCode).toBe(400);
    expect((await respond(w.c.ada, '00000000-0000-4000-8000-000000000000', 'Hi')).statusCode).toBe(404);
    expect((await respond(w.c.ada, 'nope', 'Hi')).statusCode).toBe(400);
  });
});
