import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  evidenceFiles,
  evidenceSubmissions,
  evidenceThreads,
  threadMessages,
} from '../../src/server/db/schema-evidence.js';
import type { CreateThreadResponse, PostMessageResponse } from '../../src/shared/contracts/evidence.js';
import type { StoredCheckResult } from '../../src/shared/contracts/audits.js';
import { audits, userServers } from '../../src/server/db/schema.js';
import { MANUAL_CHECKLISTS } from '../../src/shared/evidence-rules.js';
import {
  api,
  evidenceFor,
  evidenceWorld,
  notificationsOf,
  ordinaryCheck,
  storedFile,
  type EvidenceWorld,
} from '../helpers/evidence.js';

/** Submitting evidence, replying, the thread's states short of a decision, and what each side may read. */

type Created = z.infer<typeof CreateThreadResponse>;
type Posted = z.infer<typeof PostMessageResponse>;

let w: EvidenceWorld;
let call: ReturnType<typeof api>;
const body = (response: { body: string }) => JSON.parse(response.body) as { error: { code: string; message: string } };

const ordinary = (index: number) => ordinaryCheck(w, index);
const evidenceOn = (check: StoredCheckResult, extra: object = {}) => evidenceFor(w, check, extra);
const rowCounts = async () => {
  const db = w.t.database.db;
  const [[threads], [messages], [evidence]] = await Promise.all([
    db.select({ n: count() }).from(evidenceThreads),
    db.select({ n: count() }).from(threadMessages),
    db.select({ n: count() }).from(evidenceSubmissions),
  ]);
  return { threads: threads?.n, messages: messages?.n, evidence: evidence?.n };
};

beforeAll(async () => {
  w = await evidenceWorld();
  call = api(w.t);
});
afterAll(async () => w?.t.close());

describe('POST /api/evidence/threads (submitting evidence)', () => {
  let first: Created;

  it('opens the check’s thread under review with the evidence as its message, and tells staff', async () => {
    const file = await storedFile(w.t, w.ids.olivia, 'application/pdf');
    const response = await call.submit(
      w.c.olivia,
      evidenceOn(ordinary(0), {
        description: 'Our bot policy',
        attachments: [{ type: 'document', fileIds: [file] }],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    first = response.json<Created>();
    expect(first.thread).toMatchObject({
      status: 'PENDING_ADMIN',
      auditId: w.audit.id,
      checkId: ordinary(0).checkId,
      serverId: w.pixelPlaza,
      createdByUserId: w.ids.olivia,
      server: { id: w.pixelPlaza, name: 'Pixel Plaza' },
      checkResult: { id: ordinary(0).id, checkName: ordinary(0).checkName, status: 'FAIL' },
      user: { username: 'Olivia Owner' },
      initialMessage: 'We screen members with a verification bot instead.',
      messageCount: 1,
    });
    expect(first.message).toMatchObject({ isAdminMessage: false, fromUser: { username: 'Olivia Owner' } });
    expect(first.message.attachments).toEqual([
      {
        type: 'document',
        files: [
          {
            id: file,
            fileName: 'policy.pdf',
            mediaType: 'application/pdf',
            size: 32,
            url: `/api/evidence/files/${file}`,
          },
        ],
        checklistItems: null,
        completionRate: null,
        userAcknowledgment: null,
        submissionTimestamp: null,
      },
    ]);
    expect(first.evidence).toMatchObject({
      status: 'PENDING',
      type: 'document',
      description: 'Our bot policy',
      threadId: first.thread.id,
      serverName: 'Pixel Plaza',
      submittedBy: { username: 'Olivia Owner' },
      checkResult: { checkName: ordinary(0).checkName, severity: ordinary(0).severity },
    });
    const [claimed] = await w.t.database.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, file));
    expect(claimed?.messageId).toBe(first.message.id);

    const staff = await notificationsOf(w.t, w.ids.ada, 'EVIDENCE_SUBMITTED');
    expect(staff).toEqual([
      expect.objectContaining({ threadId: first.thread.id, actionUrl: `/evidence/threads/${first.thread.id}` }),
    ]);
    expect(await notificationsOf(w.t, w.ids.mona, 'EVIDENCE_SUBMITTED')).toEqual([]);
  });

  it('continues the same thread with further evidence on the check', async () => {
    const response = await call.submit(w.c.mona, evidenceOn(ordinary(0), { content: 'And here is more.' }));
    expect(response.statusCode).toBe(201);
    const more = response.json<Created>();
    expect(more.thread).toMatchObject({ id: first.thread.id, status: 'PENDING_ADMIN', messageCount: 2 });
    expect(more.evidence).toMatchObject({
      type: 'note',
      status: 'PENDING',
      submittedBy: { username: 'Mona Moderator' },
    });
  });

  it('refuses a visitor (401) and another owner (404, nothing leaked)', async () => {
    expect((await call.submit(undefined, evidenceOn(ordinary(1)))).statusCode).toBe(401);
    const stranger = await call.submit(w.c.eddie, evidenceOn(ordinary(1)));
    expect(stranger.statusCode).toBe(404);
    expect(body(stranger).error).toEqual({ code: 'NOT_FOUND', message: 'Audit not found' });
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await rowCounts();
    const someoneElses = await storedFile(w.t, w.ids.mona);
    const pdf = await storedFile(w.t, w.ids.olivia, 'application/pdf');
    const png = () => storedFile(w.t, w.ids.olivia);
    const cases: [object, RegExp][] = [
      [evidenceOn(ordinary(1), { content: '   ' }), /Please provide evidence details/],
      [{ ...evidenceOn(ordinary(1)), auditId: 'nope' }, /auditId must be an audit id/],
      [{ ...evidenceOn(ordinary(1)), checkId: 'NOT_A_CHECK' }, /checkId/],
      [evidenceOn(ordinary(1), { content: '{"rules": ', attachments: [{ type: 'json' }] }), /valid JSON/],
      [evidenceOn(ordinary(1), { attachments: [{ type: 'document', fileIds: [someoneElses] }] }), /not found/],
      [evidenceOn(ordinary(1), { attachments: [{ type: 'screenshot', fileIds: [pdf] }] }), /must be a PNG/],
      [
        evidenceOn(ordinary(1), {
          attachments: [
            { type: 'screenshot', fileIds: [await png(), await png(), await png()] },
            { type: 'screenshot', fileIds: [await png(), await png(), await png()] },
          ],
        }),
        /at most 5 files/,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await call.submit(w.c.olivia, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(response).error.message).toMatch(message);
    }
    expect(await rowCounts()).toEqual(before);
    const [unclaimed] = await w.t.database.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, pdf));
    expect(unclaimed?.messageId).toBeNull();
  });

  it('asks the manual evidence card’s description, acknowledgment and exact checklist', async () => {
    const manual = w.audit.checkResults.find((check) => check.checkId === 'CSU_OWNER_VERIFICATION');
    if (manual?.status !== 'FAIL') throw new Error('Pixel Plaza should fail CSU_OWNER_VERIFICATION');
    const items = MANUAL_CHECKLISTS.CSU_OWNER_VERIFICATION.map((item, index) => ({ item, checked: index < 2 }));
    const card = { type: 'note', checklistItems: items, completionRate: '2/6', userAcknowledgment: true };
    const on = (extra: object) => evidenceOn(manual, { content: 'Our CSU set-up.', ...extra });
    const refused = async (payload: object) => body(await call.submit(w.c.olivia, payload)).error.message;
    expect(await refused(on({ attachments: [card] }))).toBe(
      'Description Required: Please provide a description of your evidence.',
    );
    expect(await refused(on({ description: 'CSU', attachments: [{ ...card, userAcknowledgment: false }] }))).toBe(
      'Acknowledgment Required: Please acknowledge that you understand the security implications.',
    );
    expect(
      await refused(on({ description: 'CSU', attachments: [{ ...card, checklistItems: items.slice(1) }] })),
    ).toMatch(/6 items, in order/);
    expect(await refused(on({ description: 'CSU', attachments: [{ ...card, completionRate: '6/6' }] }))).toBe(
      'completionRate must be 2/6, as the checklist says.',
    );
    const accepted = await call.submit(w.c.olivia, on({ description: 'CSU', attachments: [card] }));
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json<Created>().message.attachments[0]).toMatchObject({
      checklistItems: items,
      completionRate: '2/6',
    });
  });

  it('refuses evidence on a check that did not fail (409)', async () => {
    const passed = w.audit.checkResults.find((check) => check.status === 'PASS');
    if (passed === undefined) throw new Error('Pixel Plaza should pass a check');
    const response = await call.submit(w.c.olivia, evidenceOn(passed));
    expect(response.statusCode).toBe(409);
  });
});

describe('replies and the thread’s states short of a decision (docs/decisions/0023)', () => {
  let threadId: string;
  const status = async () =>
    (await w.t.database.db.select().from(evidenceThreads).where(eq(evidenceThreads.id, threadId)))[0]?.status;

  beforeAll(async () => {
    threadId = (await call.submit(w.c.olivia, evidenceOn(ordinary(2)))).json<Created>().thread.id;
  });

  it('staff’s reply waits for the owner side and tells it (ADMIN_FEEDBACK)', async () => {
    const response = await call.post(w.c.ada, threadId, { content: 'Which bot, and with which settings?' });
    expect(response.statusCode).toBe(201);
    const posted = response.json<Posted>();
    expect(posted.thread.status).toBe('PENDING_USER');
    expect(posted.message).toMatchObject({ isAdminMessage: true, fromUser: { username: 'Ada Admin' } });
    for (const user of [w.ids.olivia, w.ids.mona]) {
      expect(await notificationsOf(w.t, user, 'ADMIN_FEEDBACK')).toEqual([
        expect.objectContaining({ threadId, actionUrl: `/evidence/threads/${threadId}`, isRead: false }),
      ]);
    }
    expect(await notificationsOf(w.t, w.ids.ada, 'ADMIN_FEEDBACK')).toEqual([]);
  });

  it('stays awaiting the owner on another staff reply', async () => {
    expect(
      (await call.post(w.c.ada, threadId, { content: 'Also a screenshot, please.' })).json<Posted>().thread.status,
    ).toBe('PENDING_USER');
  });

  it('an owner-side reply waits for staff again and tells staff', async () => {
    const before = (await notificationsOf(w.t, w.ids.ada, 'EVIDENCE_SUBMITTED')).length;
    const screenshot = await storedFile(w.t, w.ids.mona);
    const response = await call.post(w.c.mona, threadId, {
      content: 'Carl-bot, with the captcha gate.',
      attachments: [{ type: 'screenshot', fileIds: [screenshot] }],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<Posted>().thread.status).toBe('PENDING_ADMIN');
    expect(response.json<Posted>().message.attachments[0]?.files[0]?.id).toBe(screenshot);
    expect(await notificationsOf(w.t, w.ids.ada, 'EVIDENCE_SUBMITTED')).toHaveLength(before + 1);
    expect((await call.post(w.c.olivia, threadId, { content: 'Thanks!' })).json<Posted>().thread.status).toBe(
      'PENDING_ADMIN',
    );
  });

  it('moves OPEN (never written, accepted when read) like PENDING_ADMIN', async () => {
    const open = () =>
      w.t.database.db.update(evidenceThreads).set({ status: 'OPEN' }).where(eq(evidenceThreads.id, threadId));
    await open();
    expect((await call.post(w.c.olivia, threadId, { content: 'Anyone?' })).json<Posted>().thread.status).toBe(
      'PENDING_ADMIN',
    );
    await open();
    expect((await call.post(w.c.ada, threadId, { content: 'Here.' })).json<Posted>().thread.status).toBe(
      'PENDING_USER',
    );
    await open();
    expect((await call.submit(w.c.olivia, evidenceOn(ordinary(2)))).json<Created>().thread.status).toBe(
      'PENDING_ADMIN',
    );
    expect(await status()).toBe('PENDING_ADMIN');
  });

  it('evidence on a thread awaiting the owner sends it back under review', async () => {
    await call.post(w.c.ada, threadId, { content: 'Please add the bot’s settings.' });
    expect(await status()).toBe('PENDING_USER');
    expect((await call.submit(w.c.olivia, evidenceOn(ordinary(2)))).json<Created>().thread.status).toBe(
      'PENDING_ADMIN',
    );
  });

  it('refuses a visitor (401), another owner (404), an empty reply or an unknown file (400)', async () => {
    expect((await call.post(undefined, threadId, { content: 'Hi' })).statusCode).toBe(401);
    const stranger = await call.post(w.c.eddie, threadId, { content: 'Hi' });
    expect(stranger.statusCode).toBe(404);
    expect(body(stranger).error.message).toBe('Thread not found');
    expect((await call.post(w.c.olivia, threadId, { content: ' ' })).statusCode).toBe(400);
    expect((await call.post(w.c.olivia, 'not-an-id', { content: 'Hi' })).statusCode).toBe(400);
    const used = await storedFile(w.t, w.ids.olivia);
    await call.post(w.c.olivia, threadId, { content: 'One', attachments: [{ type: 'screenshot', fileIds: [used] }] });
    const again = await call.post(w.c.olivia, threadId, {
      content: 'Two',
      attachments: [{ type: 'screenshot', fileIds: [used] }],
    });
    expect(again.statusCode).toBe(400);
  });
});

describe('edges of who and when', () => {
  it('refuses evidence on an audit that has not completed (409)', async () => {
    const [failed] = await w.t.database.db
      .insert(audits)
      .values({ serverId: w.pixelPlaza, requestedByUserId: w.ids.olivia, status: 'failed', failureReason: 'test' })
      .returning({ id: audits.id });
    const response = await call.submit(w.c.olivia, { ...evidenceOn(ordinary(4)), auditId: failed?.id });
    expect(response.statusCode).toBe(409);
    expect(body(response).error.message).toBe('Evidence can be submitted once the audit has completed.');
  });

  it('lets staff who also manage the server act as staff', async () => {
    const { thread } = (await call.submit(w.c.olivia, evidenceOn(ordinary(4)))).json<Created>();
    await w.t.database.db
      .insert(userServers)
      .values({ userId: w.ids.ada, serverId: w.pixelPlaza, isOwner: true, permissions: '8' });
    const response = await call.post(w.c.ada, thread.id, { content: 'Speaking as staff.' });
    expect(response.json<Posted>()).toMatchObject({
      thread: { status: 'PENDING_USER' },
      message: { isAdminMessage: true },
    });
    const detail = await call.get(w.c.ada, `/api/evidence/threads/${thread.id}`);
    expect(detail.json<{ canDecide: boolean }>().canDecide).toBe(true);
  });
});
