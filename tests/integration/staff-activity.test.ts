import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAction } from '../../src/shared/contracts/admin-staff.js';
import { deleteCoupon, revokeCoupon } from '../../src/shared/contracts/coupons.js';
import { pathOf } from '../../src/shared/contracts/endpoint.js';
import { serviceEngagements } from '../../src/server/db/schema-commerce.js';
import { staffActions } from '../../src/server/db/schema-staff.js';
import { createOrder, fulfilOrder } from '../../src/server/modules/orders/fulfilment.js';
import { createCoupon } from '../helpers/coupons.js';
import { evidenceFor, evidenceWorld, ordinaryCheck, type EvidenceWorld } from '../helpers/evidence.js';
import { sameOrigin } from '../helpers/test-app.js';

/** GET /api/admin/activity, and the staff actions that write the audit trail in their own transactions. */

let w: EvidenceWorld;
const REASON = 'Roles were reviewed with the owner on a call.';

const activity = async (query = '', cookie = w.c.ada) =>
  w.t.app.inject({ method: 'GET', url: `/api/admin/activity${query}`, headers: { cookie } });
const latest = async (): Promise<StaffAction> => {
  const [entry] = (await activity('?limit=1')).json<StaffAction[]>();
  if (entry === undefined) throw new Error('the audit trail is empty');
  return entry;
};
const send = (method: string, url: string, cookie: string, payload?: object) =>
  w.t.app.inject({ method: method as 'POST', url, headers: sameOrigin(cookie), ...(payload ? { payload } : {}) });
const trailCount = async () => (await w.t.database.db.select({ id: staffActions.id }).from(staffActions)).length;

beforeAll(async () => {
  w = await evidenceWorld();
});
afterAll(async () => w?.t.close());

describe('coupon actions', () => {
  it('record create, revoke and delete with the last 4 characters of the code, never the code', async () => {
    const coupon = await createCoupon(w.t, w.c.ada, { description: 'Partner launch', maxUses: 3 });
    const created = await latest();
    expect(created).toMatchObject({
      action: 'coupon.create',
      targetType: 'coupon',
      targetId: coupon.id,
      actorName: 'Ada Admin',
      actorUserId: w.ids.ada,
      before: null,
      after: { codeLast4: coupon.codeLast4, description: 'Partner launch', maxUses: 3, revoked: false },
    });
    expect(created.summary).toContain(coupon.codeLast4);

    const revoked = await send(revokeCoupon.method, pathOf(revokeCoupon.path, { id: coupon.id }), w.c.ada);
    expect(revoked.statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      action: 'coupon.revoke',
      targetId: coupon.id,
      before: { revoked: false },
      after: { revoked: true },
    });

    const deleted = await send(deleteCoupon.method, pathOf(deleteCoupon.path, { id: coupon.id }), w.c.ada);
    expect(deleted.statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      action: 'coupon.delete',
      targetId: coupon.id,
      before: { codeLast4: coupon.codeLast4, revoked: true },
      after: null,
    });

    const trail = JSON.stringify((await activity('?limit=3')).json());
    expect(trail).not.toContain(coupon.fullCode);
    expect(trail).not.toContain(coupon.fullCode.replace(/^AUDIT-/, ''));
  });

  it('records nothing when the action is refused', async () => {
    const count = await trailCount();
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await send(revokeCoupon.method, pathOf(revokeCoupon.path, { id: unknown }), w.c.ada)).statusCode).toBe(404);
    expect((await send('POST', '/api/admin/coupons', w.c.olivia, {})).statusCode).toBe(403);
    expect(await trailCount()).toBe(count);
  });
});

describe('evidence decisions', () => {
  it('record an approval on a thread and a rejection on an evidence record, with the verdict and the score', async () => {
    const approvedCheck = ordinaryCheck(w, 0);
    const submitted = await send('POST', '/api/evidence/threads', w.c.olivia, evidenceFor(w, approvedCheck));
    expect(submitted.statusCode).toBe(201);
    const { thread, evidence } = submitted.json<{ thread: { id: string }; evidence: { id: string } }>();
    const approved = await send('POST', `/api/evidence/threads/${thread.id}/decision`, w.c.ada, {
      decision: 'APPROVED',
      notes: REASON,
    });
    expect(approved.statusCode).toBe(200);
    const riskScore = approved.json<{ audit: { riskScore: number } }>().audit.riskScore;
    expect(await latest()).toMatchObject({
      action: 'evidence.approve',
      targetType: 'evidence',
      targetId: evidence.id,
      before: { status: 'PENDING' },
      after: {
        status: 'APPROVED',
        threadId: thread.id,
        threadStatus: 'RESOLVED',
        auditId: w.audit.id,
        checkId: approvedCheck.checkId,
        notes: REASON,
        riskScore,
      },
    });

    const rejectedCheck = ordinaryCheck(w, 1);
    const second = await send('POST', '/api/evidence/threads', w.c.olivia, evidenceFor(w, rejectedCheck));
    const secondEvidence = second.json<{ evidence: { id: string } }>().evidence;
    const rejected = await send('POST', `/api/evidence/${secondEvidence.id}/decision`, w.c.ada, {
      decision: 'REJECTED',
    });
    expect(rejected.statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      action: 'evidence.reject',
      targetId: secondEvidence.id,
      after: { status: 'REJECTED', checkId: rejectedCheck.checkId, notes: null },
    });
  });
});

describe('staff check overrides', () => {
  it('record staff’s override with the status and score before and after; an owner’s self-attested claim records nothing', async () => {
    const check = ordinaryCheck(w, 2);
    const before = await trailCount();
    const claimed = await send('PUT', `/api/checks/${check.id}`, w.c.olivia, { status: 'WAIVED', waiveReason: REASON });
    expect(claimed.statusCode).toBe(200);
    expect(await trailCount()).toBe(before);

    const decided = await send('PUT', `/api/checks/${check.id}`, w.c.ada, { status: 'PASS', waiveReason: REASON });
    expect(decided.statusCode).toBe(200);
    const { audit } = decided.json<{ audit: { riskScore: number } }>();
    const entry = await latest();
    expect(entry).toMatchObject({
      action: 'check.override',
      targetType: 'check',
      targetId: check.id,
      before: { auditId: w.audit.id, status: 'FAIL', overrideKind: 'self_attested', overrideReason: REASON },
      after: {
        auditId: w.audit.id,
        status: 'PASS',
        overrideKind: 'staff',
        overrideReason: REASON,
        riskScore: audit.riskScore,
      },
    });
    expect(entry.before?.['riskScore']).toBeLessThan(audit.riskScore);
  });
});

describe('engagement updates', () => {
  it('record the status, notes and completion before and after', async () => {
    const order = await createOrder(w.t.database.db, {
      userId: w.ids.olivia,
      serverId: w.pixelPlaza,
      product: 'FULL_SERVICE',
      provider: 'stripe',
    });
    await fulfilOrder(w.t.database.db, {
      orderId: order.id,
      providerPaymentId: `pi_trail_${order.id}`,
      now: new Date(),
    });
    const [engagement] = await w.t.database.db
      .select({ id: serviceEngagements.id })
      .from(serviceEngagements)
      .where(eq(serviceEngagements.orderId, order.id));
    const id = engagement?.id ?? '';
    const response = await send('PUT', `/api/admin/service-engagements/${id}`, w.c.ada, {
      status: 'COMPLETED',
      engineerNotes: REASON,
    });
    expect(response.statusCode).toBe(200);
    const entry = await latest();
    expect(entry).toMatchObject({
      action: 'engagement.update',
      targetType: 'service_engagement',
      targetId: id,
      before: { status: 'NEW', engineerNotes: null, completedAt: null },
      after: { status: 'COMPLETED', engineerNotes: REASON, completedAt: expect.any(String) },
    });
    expect(entry.summary).toContain('Pixel Plaza');
  });
});

describe('GET /api/admin/activity', () => {
  it('answers newest first, a page at a time: `before` gives the entries older than the one named', async () => {
    const all = (await activity('?limit=200')).json<StaffAction[]>();
    expect(all.length).toBeGreaterThanOrEqual(7);
    const times = all.map((entry) => Date.parse(entry.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const firstPage = (await activity('?limit=2')).json<StaffAction[]>();
    expect(firstPage.map((entry) => entry.id)).toEqual(all.slice(0, 2).map((entry) => entry.id));
    const last = firstPage[1];
    const nextPage = (await activity(`?limit=200&before=${encodeURIComponent(last?.createdAt ?? '')}`)).json<
      StaffAction[]
    >();
    expect(nextPage.length).toBeGreaterThan(0);
    expect(nextPage.every((entry) => Date.parse(entry.createdAt) < Date.parse(last?.createdAt ?? ''))).toBe(true);
    expect(nextPage.map((entry) => entry.id)).not.toContain(last?.id);
  });

  it('answers 400 for a bad limit or cursor', async () => {
    for (const query of ['?limit=0', '?limit=201', '?limit=ten', '?before=yesterday']) {
      const response = await activity(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
  });

  it('refuses a visitor with 401 and an owner with 403, showing nothing', async () => {
    const visitor = await w.t.app.inject({ method: 'GET', url: '/api/admin/activity' });
    expect(visitor.statusCode).toBe(401);
    const owner = await activity('', w.c.olivia);
    expect(owner.statusCode).toBe(403);
    expect(owner.body).not.toContain('coupon');
  });
});
