import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { StoredCheckResult } from '../../src/shared/contracts/audits.js';
import type {
  CreateThreadResponse,
  EvidenceSubmission,
  ThreadDetail,
  ThreadList,
} from '../../src/shared/contracts/evidence.js';
import { api, evidenceFor, evidenceWorld, ordinaryCheck, type EvidenceWorld } from '../helpers/evidence.js';

/** Reading threads and evidence: who sees which, the review panel's filters and search, and one record. */

type Created = z.infer<typeof CreateThreadResponse>;

let w: EvidenceWorld;
let call: ReturnType<typeof api>;

const ordinary = (index: number) => ordinaryCheck(w, index);
const evidenceOn = (check: StoredCheckResult, extra: object = {}) => evidenceFor(w, check, extra);
async function submitted(cookie: string, check: StoredCheckResult): Promise<Created> {
  const response = await call.submit(cookie, evidenceOn(check));
  if (response.statusCode !== 201) throw new Error(`submit answered ${response.statusCode}: ${response.body}`);
  return response.json<Created>();
}

beforeAll(async () => {
  w = await evidenceWorld();
  call = api(w.t);
  // Three threads of Pixel Plaza: one under review, one awaiting the owner, one with two pieces of evidence.
  await submitted(w.c.olivia, ordinary(0));
  const awaiting = await submitted(w.c.olivia, ordinary(1));
  await call.post(w.c.ada, awaiting.thread.id, { content: 'Which bot?' });
  const discussed = await submitted(w.c.olivia, ordinary(2));
  await call.post(w.c.mona, discussed.thread.id, { content: 'Carl-bot, with the captcha gate.' });
  await submitted(w.c.mona, ordinary(2));
});
afterAll(async () => w?.t.close());

describe('reading threads and evidence', () => {
  it('lists threads: the owner side those of its servers, another owner none, staff all, filtered', async () => {
    const list = async (cookie: string, query = '') =>
      (await call.get(cookie, `/api/evidence/threads${query}`)).json<z.infer<typeof ThreadList>>().threads;
    const mine = await list(w.c.olivia);
    expect(mine).toHaveLength(3);
    expect(mine.every((thread) => thread.serverId === w.pixelPlaza)).toBe(true);
    const updated = mine.map((thread) => thread.updatedAt);
    expect(updated).toEqual([...updated].sort().reverse());
    expect(await list(w.c.eddie)).toEqual([]);
    expect(await list(w.c.eddie, `?serverId=${w.pixelPlaza}`)).toEqual([]);
    expect((await list(w.c.ada)).map((thread) => thread.id).sort()).toEqual(mine.map((thread) => thread.id).sort());

    expect(await list(w.c.olivia, `?checkId=${ordinary(0).checkId}`)).toEqual([
      expect.objectContaining({ checkId: ordinary(0).checkId }),
    ]);
    expect(await list(w.c.olivia, '?status=PENDING_USER')).toEqual([
      expect.objectContaining({ checkId: ordinary(1).checkId, status: 'PENDING_USER' }),
    ]);
    expect(await list(w.c.olivia, `?auditId=${w.audit.id}&limit=1`)).toHaveLength(1);
    expect(await list(w.c.olivia, '?search=carl-BOT')).toEqual([
      expect.objectContaining({ checkId: ordinary(2).checkId }),
    ]);
    expect(await list(w.c.olivia, `?search=${encodeURIComponent(ordinary(0).checkName.toUpperCase())}`)).toEqual([
      expect.objectContaining({ checkId: ordinary(0).checkId }),
    ]);
    expect(await list(w.c.olivia, '?search=pixel')).toHaveLength(mine.length);
    expect(await list(w.c.olivia, '?search=%25')).toEqual([]);
    expect(await list(w.c.olivia, '?search=_')).toEqual([]);
    expect((await call.get(w.c.olivia, '/api/evidence/threads?status=DONE')).statusCode).toBe(400);
    expect((await call.get(undefined, '/api/evidence/threads')).statusCode).toBe(401);
  });

  it('gives staff with scope=mine the threads they opened or of servers linked to them', async () => {
    const staffOwn = await call.submit(w.c.ada, evidenceOn(ordinary(3), { content: 'Filed by staff for the owner.' }));
    expect(staffOwn.statusCode).toBe(201);
    const threads = (await call.get(w.c.ada, '/api/evidence/threads?scope=mine')).json<z.infer<typeof ThreadList>>()
      .threads;
    expect(threads.map((thread) => thread.id)).toEqual([staffOwn.json<Created>().thread.id]);
  });

  it('shows one thread with its audit, check, messages and evidence; canDecide for staff only', async () => {
    const [thread] = (await call.get(w.c.olivia, `/api/evidence/threads?checkId=${ordinary(2).checkId}`)).json<
      z.infer<typeof ThreadList>
    >().threads;
    if (thread === undefined) throw new Error('thread missing');
    const owner = await call.get(w.c.mona, `/api/evidence/threads/${thread.id}`);
    expect(owner.statusCode).toBe(200);
    const detail = owner.json<z.infer<typeof ThreadDetail>>();
    expect(detail).toMatchObject({
      thread: { id: thread.id },
      audit: { id: w.audit.id },
      server: { id: w.pixelPlaza, name: 'Pixel Plaza' },
      checkResult: { id: ordinary(2).id, checkId: ordinary(2).checkId },
      canDecide: false,
    });
    expect(detail.messages.length).toBe(thread.messageCount);
    expect(detail.messages.map((message) => message.message)).toContain('Carl-bot, with the captcha gate.');
    expect(detail.evidence.map((evidence) => evidence.submittedBy?.username)).toEqual([
      'Mona Moderator',
      'Olivia Owner',
    ]);
    expect(
      (await call.get(w.c.ada, `/api/evidence/threads/${thread.id}`)).json<z.infer<typeof ThreadDetail>>().canDecide,
    ).toBe(true);
    expect((await call.get(w.c.eddie, `/api/evidence/threads/${thread.id}`)).statusCode).toBe(404);
    expect((await call.get(undefined, `/api/evidence/threads/${thread.id}`)).statusCode).toBe(401);
    expect((await call.get(w.c.olivia, '/api/evidence/threads/123')).statusCode).toBe(400);
  });

  it('lists evidence by audit, by server, the user’s and all (staff), newest first; one record by id', async () => {
    const list = async (cookie: string | undefined, url: string) => {
      const response = await call.get(cookie, url);
      return {
        status: response.statusCode,
        items: response.statusCode === 200 ? response.json<EvidenceSubmission[]>() : [],
      };
    };
    const byAudit = await list(w.c.olivia, `/api/evidence/by-audit/${w.audit.id}`);
    expect(byAudit.status).toBe(200);
    const created = byAudit.items.map((item) => item.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect((await list(w.c.olivia, `/api/evidence/by-server/${w.pixelPlaza}`)).items).toEqual(byAudit.items);
    expect((await list(w.c.mona, '/api/user/evidence')).items).toEqual(byAudit.items);
    expect((await list(w.c.ada, '/api/admin/all-evidence?status=PENDING')).items).toEqual(byAudit.items);
    expect((await list(w.c.ada, '/api/admin/all-evidence?status=APPROVED')).items).toEqual([]);
    expect((await list(w.c.olivia, `/api/evidence/by-server/${w.pixelPlaza}?status=REJECTED`)).items).toEqual([]);
    expect((await list(w.c.eddie, '/api/user/evidence')).items).toEqual([]);

    for (const url of [`/api/evidence/by-audit/${w.audit.id}`, `/api/evidence/by-server/${w.pixelPlaza}`]) {
      expect((await list(w.c.eddie, url)).status).toBe(404);
      expect((await list(undefined, url)).status).toBe(401);
    }
    expect((await list(w.c.olivia, '/api/admin/all-evidence')).status).toBe(403);
    expect((await list(w.c.ada, '/api/admin/all-evidence?status=MAYBE')).status).toBe(400);
    expect((await list(w.c.olivia, '/api/evidence/by-audit/x')).status).toBe(400);

    const one = byAudit.items[0];
    if (one === undefined) throw new Error('no evidence');
    expect((await call.get(w.c.olivia, `/api/evidence/${one.id}`)).json<EvidenceSubmission>()).toEqual(one);
    expect((await call.get(w.c.eddie, `/api/evidence/${one.id}`)).statusCode).toBe(404);
    expect((await call.get(undefined, `/api/evidence/${one.id}`)).statusCode).toBe(401);
    expect((await call.get(w.c.olivia, '/api/evidence/x')).statusCode).toBe(400);
  });
});
