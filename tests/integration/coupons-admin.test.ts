import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons } from '../../src/server/db/schema-commerce.js';
import { couponDisplayStatus } from '../../src/shared/commerce-rules.js';
import type { Coupon } from '../../src/shared/contracts/coupons.js';
import { GUILDS, serverId } from '../helpers/audits.js';
import { createCoupon, postCode } from '../helpers/coupons.js';
import { createTestApp, DEMO, sameOrigin, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
const c = { olivia: '', ada: '' };

beforeAll(async () => {
  t = await createTestApp();
  c.olivia = await t.signIn(DEMO.olivia);
  c.ada = await t.signIn(DEMO.ada);
});
afterAll(async () => t?.close());

const list = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/coupons', headers: cookie === undefined ? {} : { cookie } });
const create = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: sameOrigin(cookie), payload: payload as object });
const revoke = (cookie: string | undefined, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/coupons/${id}/revoke`, headers: sameOrigin(cookie) });
const remove = (cookie: string | undefined, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/coupons/${id}`, headers: sameOrigin(cookie) });

describe('POST /api/admin/coupons', () => {
  it('creates a coupon with the defaults and answers its full code once; only its hash and last 4 are stored', async () => {
    const created = await createCoupon(t, c.ada);
    expect(created.fullCode).toMatch(/^AUDIT-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/);
    expect(created).toMatchObject({
      code: `••••${created.fullCode.slice(-4)}`,
      codeLast4: created.fullCode.slice(-4),
      description: null,
      uses: 0,
      maxUses: 1,
      expiresAt: null,
      revoked: false,
      singleServerOnly: true,
      serverIdAllowed: null,
      metadata: {},
    });
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, created.id));
    expect(row?.codeHash).toBe(createHash('sha256').update(created.fullCode).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.fullCode);
  });

  it('keeps every field staff send, and never answers the full code again', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = await createCoupon(t, c.ada, {
      description: '  Launch partners  ',
      expiresAt,
      maxUses: 3,
      singleServerOnly: true,
      serverIdAllowed: GUILDS.typical,
      metadata: { campaign: 'launch', tier: 2 },
    });
    expect(created).toMatchObject({
      description: 'Launch partners',
      expiresAt,
      maxUses: 3,
      serverIdAllowed: GUILDS.typical,
      metadata: { campaign: 'launch', tier: 2 },
    });
    const listed = await list(c.ada);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(created.fullCode);
    expect(listed.json<Coupon[]>().find((coupon) => coupon.id === created.id)).toMatchObject({
      code: created.code,
      description: 'Launch partners',
    });
  });

  it('refuses metadata that is not a JSON object, with a message naming the field', async () => {
    for (const metadata of [['a'], 'text', null, 3]) {
      const response = await create(c.ada, { metadata });
      expect(response.statusCode, JSON.stringify(metadata)).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'BAD_REQUEST', message: expect.stringContaining('metadata') },
      });
    }
  });

  it('refuses bad uses, dates and a server restriction on a coupon for several servers', async () => {
    for (const payload of [
      { maxUses: 0 },
      { maxUses: 1.5 },
      { maxUses: '2' },
      { expiresAt: 'tomorrow' },
      { description: 'x'.repeat(501) },
    ]) {
      const response = await create(c.ada, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
    const contradictory = await create(c.ada, { singleServerOnly: false, serverIdAllowed: GUILDS.typical });
    expect(contradictory.statusCode).toBe(400);
    expect(contradictory.json()).toMatchObject({
      error: { code: 'BAD_REQUEST', message: expect.stringContaining('singleServerOnly') },
    });
  });

  it('is staff only: 401 for a visitor, 403 for an owner, nothing created', async () => {
    const before = (await t.database.db.select().from(coupons)).length;
    expect((await create(undefined, {})).statusCode).toBe(401);
    const owner = await create(c.olivia, {});
    expect(owner.statusCode).toBe(403);
    expect(owner.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect((await t.database.db.select().from(coupons)).length).toBe(before);
  });
});

describe('GET /api/admin/coupons', () => {
  it('lists every coupon newest first with masked codes', async () => {
    const older = await createCoupon(t, c.ada, { description: 'older' });
    const newer = await createCoupon(t, c.ada, { description: 'newer' });
    const listed = (await list(c.ada)).json<Coupon[]>();
    const ids = listed.map((coupon) => coupon.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    for (const coupon of listed) {
      expect(coupon.code).toBe(`••••${coupon.codeLast4}`);
      expect(coupon).not.toHaveProperty('fullCode');
    }
  });

  it('is staff only', async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await list(c.olivia)).statusCode).toBe(403);
  });
});

describe('POST /api/admin/coupons/{id}/revoke', () => {
  it('revokes a coupon: it shows as Revoked and can no longer be redeemed', async () => {
    const created = await createCoupon(t, c.ada);
    const response = await revoke(c.ada, created.id);
    expect(response.statusCode).toBe(200);
    const revoked = response.json<Coupon>();
    expect(revoked).toMatchObject({ id: created.id, revoked: true, code: created.code });
    expect(couponDisplayStatus(revoked, new Date())).toBe('Revoked');
    const pixelPlaza = await serverId(t, c.olivia, GUILDS.typical);
    const redeemed = await postCode(t, '/api/coupons/redeem', c.olivia, {
      couponCode: created.fullCode,
      serverId: pixelPlaza,
    });
    expect(redeemed.statusCode).toBe(410);
    expect(redeemed.json()).toMatchObject({ error: { code: 'COUPON_REVOKED' } });
  });

  it('answers 404 for an unknown coupon, 400 for a bad id, and is staff only', async () => {
    const created = await createCoupon(t, c.ada);
    expect((await revoke(c.ada, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await revoke(c.ada, 'not-an-id')).statusCode).toBe(400);
    expect((await revoke(undefined, created.id)).statusCode).toBe(401);
    expect((await revoke(c.olivia, created.id)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, created.id));
    expect(row?.revokedAt).toBeNull();
  });
});

describe('DELETE /api/admin/coupons/{id}', () => {
  it('deletes a coupon and keeps its redemptions on record', async () => {
    const created = await createCoupon(t, c.ada);
    const pixelPlaza = await serverId(t, c.olivia, GUILDS.typical);
    const redeemed = await postCode(t, '/api/coupons/redeem', c.olivia, {
      couponCode: created.fullCode,
      serverId: pixelPlaza,
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const { redemptionId } = redeemed.json<{ redemptionId: string }>();

    const response = await remove(c.ada, created.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await list(c.ada)).json<Coupon[]>().some((coupon) => coupon.id === created.id)).toBe(false);
    const [redemption] = await t.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.id, redemptionId));
    expect(redemption).toMatchObject({ couponId: null, serverId: pixelPlaza });
    expect((await remove(c.ada, created.id)).statusCode).toBe(404);
  });

  it('answers 400 for a bad id and is staff only', async () => {
    const created = await createCoupon(t, c.ada);
    expect((await remove(c.ada, 'not-an-id')).statusCode).toBe(400);
    expect((await remove(undefined, created.id)).statusCode).toBe(401);
    expect((await remove(c.olivia, created.id)).statusCode).toBe(403);
    expect((await t.database.db.select().from(coupons).where(eq(coupons.id, created.id))).length).toBe(1);
  });
});
