import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons } from '../../src/server/db/schema-commerce.js';
import { COUPON_REFUSAL_MESSAGES } from '../../src/shared/commerce-rules.js';
import type { Audit } from '../../src/shared/contracts/audits.js';
import type { CreateCouponRequest } from '../../src/shared/contracts/coupons.js';
import type { Entitlement } from '../../src/shared/contracts/entitlements.js';
import { GUILDS, serverId } from '../helpers/audits.js';
import { createCoupon, postCode } from '../helpers/coupons.js';
import { createTestApp, DEMO, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
const c = { olivia: '', mona: '', eddie: '', ada: '' };
/** Olivia's three servers (Mona manages Pixel Plaza too) and Eddie's Study Hall. */
const s = { pixelPlaza: '', wildWest: '', megaMetropolis: '', studyHall: '' };

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  for (const name of Object.keys(c) as (keyof typeof c)[]) c[name] = await t.signIn(DEMO[name]);
  s.pixelPlaza = await serverId(t, c.olivia, GUILDS.typical);
  s.wildWest = await serverId(t, c.olivia, GUILDS.dangerous);
  s.megaMetropolis = await serverId(t, c.olivia, GUILDS.large);
  s.studyHall = await serverId(t, c.eddie, GUILDS.studyHall);
});
afterAll(async () => t?.close());

const ROUTES = ['/api/coupons/redeem', '/api/paywall/redeem'] as const;
type Route = (typeof ROUTES)[number];

const newCoupon = (request: CreateCouponRequest = {}) => createCoupon(t, c.ada, request);
const redeem = (cookie: string | undefined, couponCode: string, server: string, route: Route = ROUTES[0]) =>
  postCode(t, route, cookie, { couponCode, serverId: server });
const usesOf = async (id: string) =>
  (await t.database.db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, id)))[0]?.uses;

/** The paywall form's phrase for each refusal (part 2 §8, first reading). */
const PAYWALL_PHRASE = {
  COUPON_NOT_FOUND: 'Coupon not found',
  COUPON_REVOKED: 'revoked',
  COUPON_EXPIRED: 'expired',
  COUPON_SERVER_RESTRICTED: 'not valid for the specified server',
  COUPON_EXHAUSTED: 'usage limit',
  USER_ALREADY_REDEEMED: 'already used',
} as const;
type Refusal = keyof typeof PAYWALL_PHRASE;
const STATUS: Record<Refusal, number> = {
  COUPON_NOT_FOUND: 404,
  COUPON_REVOKED: 410,
  COUPON_EXPIRED: 410,
  COUPON_SERVER_RESTRICTED: 403,
  COUPON_EXHAUSTED: 409,
  USER_ALREADY_REDEEMED: 409,
};

/** Both readings: the redeem screen finds the code in the message, the paywall form the phrase. */
function expectRefusal(response: { statusCode: number; body: string; json: () => unknown }, code: Refusal) {
  expect(response.statusCode, response.body).toBe(STATUS[code]);
  const { error } = response.json() as { error: { code: string; message: string } };
  expect(error).toEqual({ code, message: COUPON_REFUSAL_MESSAGES[code] });
  expect(error.message).toContain(code);
  expect(error.message).toContain(PAYWALL_PHRASE[code]);
  // Each phrase picks its own text in the paywall's order: no earlier phrase may match another refusal.
  const earlier = Object.entries(PAYWALL_PHRASE).filter(([other]) => other !== code);
  for (const [, phrase] of earlier) expect(error.message).not.toContain(phrase);
}

describe('redeeming a coupon', () => {
  it('POST /api/coupons/redeem grants a COUPON entitlement on the server and starts its audit at once', async () => {
    const coupon = await newCoupon();
    const response = await redeem(c.olivia, coupon.fullCode.toLowerCase(), s.pixelPlaza);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ redemptionId: string; auditId: string }>();
    expect(answer).toEqual({ redemptionId: expect.any(String), auditId: expect.any(String) });

    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/audits/${answer.auditId}`,
      headers: { cookie: c.olivia },
    });
    expect(audit.statusCode).toBe(200);
    expect(audit.json<Audit>()).toMatchObject({ serverId: s.pixelPlaza });
    const entitlements = await t.app.inject({ method: 'GET', url: '/api/entitlements', headers: { cookie: c.olivia } });
    expect(entitlements.json<Entitlement[]>()).toContainEqual(
      expect.objectContaining({
        plan: 'COUPON',
        provider: 'coupon',
        paid: false,
        amountUsd: 0,
        serverId: s.pixelPlaza,
      }),
    );
    const [redemption] = await t.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.id, answer.redemptionId));
    expect(redemption).toMatchObject({ couponId: coupon.id, serverId: s.pixelPlaza, auditId: answer.auditId });
    expect(await usesOf(coupon.id)).toBe(1);
  });

  it('POST /api/paywall/redeem answers success with the same rules', async () => {
    const coupon = await newCoupon();
    const response = await redeem(c.olivia, `  ${coupon.fullCode} `, s.wildWest, '/api/paywall/redeem');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, redemptionId: expect.any(String), auditId: expect.any(String) });
    expectRefusal(await redeem(c.olivia, coupon.fullCode, s.wildWest, '/api/paywall/redeem'), 'USER_ALREADY_REDEEMED');
  });

  it('answers the redemption without an audit when one is already running on the server', async () => {
    t.simulator.state.latencyMs = 300;
    try {
      const [first, second] = [await newCoupon(), await newCoupon()];
      const started = await redeem(c.ada, first.fullCode, s.megaMetropolis);
      expect(started.json()).toMatchObject({ auditId: expect.any(String) });
      const response = await redeem(c.ada, second.fullCode, s.megaMetropolis);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ redemptionId: expect.any(String), auditId: null });
    } finally {
      t.simulator.state.latencyMs = 0;
    }
  });
});

describe('refusals, in the rules’ order, through both routes', () => {
  it.each(ROUTES)('%s: unknown code', async (route) => {
    expectRefusal(await redeem(c.olivia, 'AUDIT-ZZZZZZZZ', s.pixelPlaza, route), 'COUPON_NOT_FOUND');
  });

  it.each(ROUTES)('%s: revoked, even when also expired', async (route) => {
    const coupon = await newCoupon({ expiresAt: new Date(Date.now() - 60_000).toISOString() });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/coupons/${coupon.id}/revoke`,
      headers: { cookie: c.ada, origin: 'http://localhost' },
    });
    expectRefusal(await redeem(c.olivia, coupon.fullCode, s.pixelPlaza, route), 'COUPON_REVOKED');
  });

  it.each(ROUTES)('%s: expired, even when also restricted to another server', async (route) => {
    const coupon = await newCoupon({
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
      serverIdAllowed: GUILDS.dangerous,
    });
    expectRefusal(await redeem(c.olivia, coupon.fullCode, s.pixelPlaza, route), 'COUPON_EXPIRED');
  });

  it.each(ROUTES)('%s: restricted to another server, by its Discord id or ours', async (route) => {
    for (const allowed of [GUILDS.dangerous, s.wildWest]) {
      const coupon = await newCoupon({ serverIdAllowed: allowed, maxUses: 2 });
      expectRefusal(await redeem(c.olivia, coupon.fullCode, s.pixelPlaza, route), 'COUPON_SERVER_RESTRICTED');
      expect((await redeem(c.olivia, coupon.fullCode, s.wildWest, route)).statusCode).toBe(200);
    }
  });

  it.each(ROUTES)('%s: a single-server coupon stays on the server of its first redemption', async (route) => {
    const coupon = await newCoupon({ maxUses: 3 });
    expect((await redeem(c.olivia, coupon.fullCode, s.pixelPlaza, route)).statusCode).toBe(200);
    expectRefusal(await redeem(c.olivia, coupon.fullCode, s.megaMetropolis, route), 'COUPON_SERVER_RESTRICTED');
    expect((await redeem(c.mona, coupon.fullCode, s.pixelPlaza, route)).statusCode).toBe(200);
    expect(await usesOf(coupon.id)).toBe(2);
  });

  it.each(ROUTES)('%s: a coupon for several servers goes anywhere, once per user and server', async (route) => {
    const coupon = await newCoupon({ maxUses: 5, singleServerOnly: false });
    expect((await redeem(c.olivia, coupon.fullCode, s.pixelPlaza, route)).statusCode).toBe(200);
    expect((await redeem(c.olivia, coupon.fullCode, s.megaMetropolis, route)).statusCode).toBe(200);
    expectRefusal(await redeem(c.olivia, coupon.fullCode, s.pixelPlaza, route), 'USER_ALREADY_REDEEMED');
    expect(await usesOf(coupon.id)).toBe(2);
  });

  it.each(ROUTES)('%s: exhausted once its uses are spent', async (route) => {
    const coupon = await newCoupon();
    expect((await redeem(c.olivia, coupon.fullCode, s.pixelPlaza, route)).statusCode).toBe(200);
    expectRefusal(await redeem(c.mona, coupon.fullCode, s.pixelPlaza, route), 'COUPON_EXHAUSTED');
    expect(await usesOf(coupon.id)).toBe(1);
  });

  it.each(ROUTES)('%s: a server the caller may not manage is not found, and nothing is spent', async (route) => {
    const coupon = await newCoupon();
    for (const server of [s.studyHall, '00000000-0000-4000-8000-000000000000']) {
      const response = await redeem(c.olivia, coupon.fullCode, server, route);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Server not found' } });
      expect(response.body).not.toContain('Study Hall');
    }
    expect(await usesOf(coupon.id)).toBe(0);
  });

  it.each(ROUTES)('%s: bad input is 400, a visitor 401', async (route) => {
    const coupon = await newCoupon();
    for (const payload of [
      { couponCode: 'AB', serverId: s.pixelPlaza },
      { couponCode: 'AUDIT_1234', serverId: s.pixelPlaza },
      { couponCode: 'A'.repeat(65), serverId: s.pixelPlaza },
      { couponCode: coupon.fullCode },
      { serverId: s.pixelPlaza },
    ]) {
      const response = await postCode(t, route, c.olivia, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
    const visitor = await redeem(undefined, coupon.fullCode, s.pixelPlaza, route);
    expect(visitor.statusCode).toBe(401);
    expect(await usesOf(coupon.id)).toBe(0);
  });
});

describe('redeeming under concurrency', () => {
  /** Every (caller, server) pair the demo accounts may redeem on; Ada is staff and may use any server. */
  const pairs = () => [
    [c.olivia, s.pixelPlaza],
    [c.olivia, s.wildWest],
    [c.olivia, s.megaMetropolis],
    [c.mona, s.pixelPlaza],
    [c.eddie, s.studyHall],
    [c.ada, s.pixelPlaza],
    [c.ada, s.wildWest],
    [c.ada, s.megaMetropolis],
    [c.ada, s.studyHall],
  ];

  async function race(code: string, requests: number, pick: (i: number) => string[]) {
    const responses = await Promise.all(
      Array.from({ length: requests }, (_, i) => {
        const [cookie, server] = pick(i);
        return redeem(cookie, code, server ?? '');
      }),
    );
    const admitted = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    for (const response of refused) {
      expect(['COUPON_EXHAUSTED', 'USER_ALREADY_REDEEMED']).toContain(
        response.json<{ error: { code: string } }>().error.code,
      );
    }
    return admitted.length;
  }

  async function redemptionsOf(couponId: string) {
    return t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId));
  }

  it('admits exactly one of 50 parallel redemptions of a one-use coupon by different users and servers', async () => {
    const coupon = await newCoupon({ singleServerOnly: false });
    const all = pairs();
    expect(await race(coupon.fullCode, 50, (i) => all[i % all.length] ?? [])).toBe(1);
    expect(await usesOf(coupon.id)).toBe(1);
    expect(await redemptionsOf(coupon.id)).toHaveLength(1);
  });

  it('admits exactly one of 50 parallel redemptions by the same user on the same server', async () => {
    const coupon = await newCoupon({ maxUses: 5 });
    expect(await race(coupon.fullCode, 50, () => [c.olivia, s.wildWest])).toBe(1);
    expect(await usesOf(coupon.id)).toBe(1);
    expect(await redemptionsOf(coupon.id)).toHaveLength(1);
  });

  it('admits exactly 3 of 20 parallel redemptions of a coupon with 3 uses', async () => {
    const coupon = await newCoupon({ maxUses: 3, singleServerOnly: false });
    const all = pairs();
    expect(await race(coupon.fullCode, 20, (i) => all[i % all.length] ?? [])).toBe(3);
    expect(await usesOf(coupon.id)).toBe(3);
    const redemptions = await redemptionsOf(coupon.id);
    expect(redemptions).toHaveLength(3);
    expect(new Set(redemptions.map((row) => `${row.userId}:${row.serverId}`)).size).toBe(3);
  });
});
