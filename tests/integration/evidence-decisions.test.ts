import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { recomputeSummary } from '../../src/audit/scoring.js';
import { threadMessages, waivers } from '../../src/server/db/schema-evidence.js';
import type { AuditWithChecks } from '../../src/shared/contracts/audits.js';
import type { CreateThreadResponse, DecisionResponse } from '../../src/shared/contracts/evidence.js';
import { DEFAULT_WAIVER_DAYS } from '../../src/shared/evidence-rules.js';
import {
  api,
  evidenceWorld,
  notificationsOf,
  ordinaryCheck,
  storedStatistics,
  type EvidenceWorld,
} from '../helpers/evidence.js';
import { sameOrigin } from '../helpers/test-app.js';

/** Staff decisions, the waivers they grant, and how waivers carry into later audits and expire. */

type Created = z.infer<typeof CreateThreadResponse>;
type Decided = z.infer<typeof DecisionResponse>;

let w: EvidenceWorld;
let call: ReturnType<typeof api>;
const DAY_MS = 24 * 60 * 60 * 1000;
const errorOf = (response: { body: string }) => (JSON.parse(response.body) as { error: { code: string } }).error.code;

const ordinary = (index: number) => ordinaryCheck(w, index);
async function threadOn(index: number, cookie = w.c.olivia): Promise<Created> {
  const response = await call.submit(cookie, {
    auditId: w.audit.id,
    checkId: ordinary(index).checkId,
    content: `Evidence on ${ordinary(index).checkName}`,
  });
  if (response.statusCode !== 201) throw new Error(`submit answered ${response.statusCode}: ${response.body}`);
  return response.json<Created>();
}
const readAudit = async (cookie: string, auditId = w.audit.id) =>
  (await call.get(cookie, `/api/audits/${auditId}`)).json<AuditWithChecks>();
const messagesIn = async (threadId: string) =>
  (await w.t.database.db.select({ n: count() }).from(threadMessages).where(eq(threadMessages.threadId, threadId)))[0]
    ?.n;
/** The engine's formula over the checks as stored and shown. */
const formulaOf = (audit: AuditWithChecks) => {
  const { unknownChecks: _unknown, ...summary } = recomputeSummary(audit.checkResults);
  return summary;
};

/** The audit's stored numbers, as a decision reports them. */
const statisticsOf = (audit: AuditWithChecks) => {
  const { unknownChecks: _unknown, ...statistics } = storedStatistics(audit);
  return statistics;
};

beforeAll(async () => {
  w = await evidenceWorld();
  call = api(w.t);
});
afterAll(async () => w?.t.close());

describe('who may decide', () => {
  let threadId: string;
  beforeAll(async () => {
    threadId = (await threadOn(0)).thread.id;
  });

  it('refuses a visitor (401), the owner side (403), another owner (404) and bad input (400), writing nothing', async () => {
    const before = await messagesIn(threadId);
    expect((await call.decide(undefined, threadId, { decision: 'APPROVED' })).statusCode).toBe(401);
    for (const cookie of [w.c.olivia, w.c.mona]) {
      const owner = await call.decide(cookie, threadId, { decision: 'APPROVED' });
      expect(owner.statusCode).toBe(403);
      expect(errorOf(owner)).toBe('FORBIDDEN');
    }
    expect((await call.decide(w.c.eddie, threadId, { decision: 'APPROVED' })).statusCode).toBe(404);
    for (const payload of [
      { decision: 'MAYBE' },
      {},
      { decision: 'APPROVED', status: 'FAIL' },
      { decision: 'REJECTED', status: 'WAIVED' },
    ]) {
      expect((await call.decide(w.c.ada, threadId, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await call.decide(w.c.ada, '00000000-0000-4000-8000-000000000000', { decision: 'APPROVED' })).statusCode,
    ).toBe(404);
    expect(await messagesIn(threadId)).toBe(before);
    const thread = await call.get(w.c.olivia, `/api/evidence/threads/${threadId}`);
    expect(thread.json<{ thread: { status: string } }>().thread.status).toBe('PENDING_ADMIN');
  });
});

describe('an approval', () => {
  let decided: Decided;
  let created: Created;
  let grantedAt: number;

  it('waives the check, recomputes the audit with the engine’s formula and resolves the thread', async () => {
    created = await threadOn(1);
    const before = await readAudit(w.c.olivia);
    const askedAt = w.clock.now().getTime();
    const response = await call.decide(w.c.ada, created.thread.id, {
      decision: 'APPROVED',
      status: 'WAIVED',
      notes: 'The bot does the job.',
      waiveReason: 'Verification bot in place of Discord screening',
    });
    expect(response.statusCode, response.body).toBe(200);
    decided = response.json<Decided>();
    expect(decided.message).toBe('Evidence approved');
    expect(decided.thread).toMatchObject({
      status: 'RESOLVED',
      lastMessage: { message: 'The bot does the job.', isAdminMessage: true },
    });
    expect(decided.evidence).toMatchObject({
      id: created.evidence.id,
      status: 'APPROVED',
      reviewNotes: 'The bot does the job.',
      reviewedBy: { username: 'Ada Admin' },
    });
    const check = decided.audit.checkResults.find((result) => result.checkId === ordinary(1).checkId);
    expect(check).toMatchObject({
      status: 'WAIVED',
      engineStatus: 'FAIL',
      waiveReason: 'Verification bot in place of Discord screening',
      evidence: ordinary(1).evidence,
      countsTowardCertification: true,
    });
    grantedAt = Date.parse(check?.waiverExpiresAt ?? '') - DEFAULT_WAIVER_DAYS * DAY_MS;
    expect(grantedAt).toBeGreaterThanOrEqual(askedAt);
    expect(grantedAt).toBeLessThanOrEqual(w.clock.now().getTime());

    expect(decided.audit.passedChecks).toBe(before.passedChecks + 1);
    expect(decided.audit.failedChecks).toBe(before.failedChecks - 1);
    expect(decided.audit.riskScore).toBeGreaterThan(before.riskScore ?? 100);
    expect(decided.auditStatistics).toEqual(formulaOf(decided.audit));
    expect(decided.auditStatistics).toEqual(statisticsOf(decided.audit));
  });

  it('is what the audit’s read answers at once, for the owner side too', async () => {
    const after = await readAudit(w.c.mona);
    expect(after.checkResults).toEqual(decided.audit.checkResults);
    expect(statisticsOf(after)).toEqual(decided.auditStatistics);
    expect(after.riskScore).toBe(decided.audit.riskScore);
  });

  it('records the waiver with who granted it, when, why and until when', async () => {
    const [waiver] = await w.t.database.db.select().from(waivers).where(eq(waivers.evidenceId, created.evidence.id));
    expect(waiver).toMatchObject({
      serverId: w.pixelPlaza,
      checkId: ordinary(1).checkId,
      reason: 'Verification bot in place of Discord screening',
      grantedByUserId: w.ids.ada,
      revokedAt: null,
    });
    expect(waiver?.grantedAt.getTime()).toBe(grantedAt);
    expect(waiver?.expiresAt.getTime()).toBe(grantedAt + DEFAULT_WAIVER_DAYS * DAY_MS);
  });

  it('tells the owner side (EVIDENCE_REVIEWED, with the thread), not the reviewer', async () => {
    for (const user of [w.ids.olivia, w.ids.mona]) {
      expect(await notificationsOf(w.t, user, 'EVIDENCE_REVIEWED')).toEqual([
        expect.objectContaining({
          title: 'Evidence approved',
          threadId: created.thread.id,
          actionUrl: `/evidence/threads/${created.thread.id}`,
        }),
      ]);
    }
    expect(await notificationsOf(w.t, w.ids.ada, 'EVIDENCE_REVIEWED')).toEqual([]);
  });

  it('leaves a resolved thread closed to every message and decision (409 THREAD_RESOLVED), writing nothing', async () => {
    const threadId = created.thread.id;
    const before = await messagesIn(threadId);
    const refused = [
      await call.post(w.c.olivia, threadId, { content: 'One more thing' }),
      await call.post(w.c.ada, threadId, { content: 'One more thing' }),
      await call.decide(w.c.ada, threadId, { decision: 'REJECTED' }),
      await call.submit(w.c.olivia, { auditId: w.audit.id, checkId: ordinary(1).checkId, content: 'More' }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(409);
    }
    expect(refused.map(errorOf)).toEqual(['THREAD_RESOLVED', 'THREAD_RESOLVED', 'THREAD_RESOLVED', 'THREAD_RESOLVED']);
    expect(await messagesIn(threadId)).toBe(before);
  });
});

describe('a rejection', () => {
  it('from a thread awaiting the owner: the check stays failed, the numbers stay, the default note is posted', async () => {
    const { thread } = await threadOn(2);
    await call.post(w.c.ada, thread.id, { content: 'Can you show the settings?' });
    const before = await readAudit(w.c.olivia);
    const response = await call.decide(w.c.ada, thread.id, { decision: 'REJECTED' });
    expect(response.statusCode).toBe(200);
    const decided = response.json<Decided>();
    expect(decided).toMatchObject({ message: 'Evidence rejected', thread: { status: 'RESOLVED' } });
    expect(decided.evidence).toMatchObject({ status: 'REJECTED', reviewNotes: null });
    expect(decided.thread.lastMessage?.message).toBe('Evidence rejected: this check stays failed.');
    expect(decided.audit.checkResults.find((check) => check.checkId === ordinary(2).checkId)?.status).toBe('FAIL');
    expect(decided.auditStatistics).toEqual(formulaOf(before));
    expect(await notificationsOf(w.t, w.ids.olivia, 'EVIDENCE_REVIEWED')).toHaveLength(2);
    const again = await call.submit(w.c.olivia, { auditId: w.audit.id, checkId: ordinary(2).checkId, content: 'More' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe('THREAD_RESOLVED');
  });
});

describe('two decisions at once', () => {
  it('one wins, the other gets 409 and writes nothing', async () => {
    const { thread } = await threadOn(3);
    const before = await messagesIn(thread.id);
    const [a, b] = await Promise.all([
      call.decide(w.c.ada, thread.id, { decision: 'APPROVED', notes: 'first' }),
      call.decide(w.c.ada, thread.id, { decision: 'REJECTED', notes: 'second' }),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 409]);
    const winner = a?.statusCode === 200 ? a : b;
    expect(await messagesIn(thread.id)).toBe((before ?? 0) + 1);
    const granted = await w.t.database.db
      .select()
      .from(waivers)
      .where(and(eq(waivers.serverId, w.pixelPlaza), eq(waivers.checkId, ordinary(3).checkId)));
    expect(granted).toHaveLength(winner?.json<Decided>().evidence.status === 'APPROVED' ? 1 : 0);
  });
});

describe('POST /api/evidence/{id}/decision', () => {
  it('is the same act as the thread’s decision, with the same refusals', async () => {
    const { evidence, thread } = await threadOn(4);
    const decide = (cookie: string | undefined, id: string, payload: object) =>
      w.t.app.inject({ method: 'POST', url: `/api/evidence/${id}/decision`, headers: sameOrigin(cookie), payload });
    expect((await decide(undefined, evidence.id, { decision: 'REJECTED' })).statusCode).toBe(401);
    expect((await decide(w.c.olivia, evidence.id, { decision: 'REJECTED' })).statusCode).toBe(403);
    expect((await decide(w.c.eddie, evidence.id, { decision: 'REJECTED' })).statusCode).toBe(404);
    expect((await decide(w.c.ada, evidence.id, { decision: 'NO' })).statusCode).toBe(400);
    const response = await decide(w.c.ada, evidence.id, { decision: 'REJECTED', notes: 'Not enough.' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Decided>()).toMatchObject({
      thread: { id: thread.id, status: 'RESOLVED' },
      evidence: { status: 'REJECTED' },
    });
    expect(errorOf(await decide(w.c.ada, evidence.id, { decision: 'APPROVED' }))).toBe('THREAD_RESOLVED');
  });
});
