import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bypassUses, codeAttempts, coupons } from '../../src/server/db/schema-commerce.js';
import type { AuditUsage } from '../../src/shared/contracts/audits.js';
import type { Entitlement } from '../../src/shared/contracts/entitlements.js';
import { GUILDS, serverId } from '../helpers/audits.js';
import { createCoupon, freshAddress, postCode } from '../helpers/coupons.js';
import { createTestApp, DEMO, sameOrigin, type TestApp } from '../helpers/test-app.js';

const CODES = ['STAFF-CODE-ONE', 'staff-code-two'];
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
let clock = Date.parse('2026-11-24T12:00:00Z');
const c = { olivia: '', mona: '', eddie: '', ada: '' };
const s = { pixelPlaza: '', wildWest: '', megaMetropolis: '', studyHall: '' };

beforeAll(async () => {
  t = await createTestApp(
    { AUTH_RATE_LIMIT_PER_MINUTE: '1000', BYPASS_CODES: ` ${CODES.join(' , ')} ` },
    { now: () => new Date(clock) },
  );
  for (const name of Object.keys(c) as (keyof typeof c)[]) c[name] = await t.signIn(DEMO[name]);
  s.pixelPlaza = await serverId(t, c.olivia, GUILDS.typical);
  s.wildWest = await serverId(t, c.olivia, GUILDS.dangerous);
  s.megaMetropolis = await serverId(t, c.olivia, GUILDS.large);
  s.studyHall = await serverId(t, c.eddie, GUILDS.studyHall);
});
afterAll(async () => t?.close());

const bypass = (cookie: string | undefined, payload: object, address?: string) =>
  postCode(t, '/api/paywall/bypass', cookie, payload, address);
const redeem = (cookie: string, couponCode: string, server: string, address?: string) =>
  postCode(t, '/api/coupons/redeem', cookie, { couponCode, serverId: server }, address);
const entitlementsOf = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/entitlements', headers: { cookie } })).json<Entitlement[]>();
const usesOf = async (id: string) =>
  (await t.database.db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, id)))[0]?.uses;

describe('POST /api/paywall/bypass', () => {
  it('grants a BYPASS entitlement on the chosen server and records who used which code', async () => {
    clock += DAY;
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/servers/${s.megaMetropolis}/audit-usage`,
      headers: { cookie: c.olivia },
    });
    const response = await bypass(c.olivia, {
      code: `  ${CODES[1]} `,
      username: ' olivia-ops ',
      serverId: s.megaMetropolis,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    expect(await entitlementsOf(c.olivia)).toContainEqual(
      expect.objectContaining({ plan: 'BYPASS', provider: 'bypass', paid: false, serverId: s.megaMetropolis }),
    );
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/servers/${s.megaMetropolis}/audit-usage`,
      headers: { cookie: c.olivia },
    });
    expect(after.json<AuditUsage>().auditLimit).toBe(before.json<AuditUsage>().auditLimit + 1);
    const uses = await t.database.db.select().from(bypassUses).where(eq(bypassUses.serverId, s.megaMetropolis));
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({
      username: 'olivia-ops',
      codeFingerprint: createHash('sha256')
        .update(CODES[1] ?? '')
        .digest('hex')
        .slice(0, 12),
    });
  });

  it('refuses a wrong code with the spec’s message, granting nothing', async () => {
    clock += DAY;
    const before = (await entitlementsOf(c.eddie)).length;
    for (const code of ['STAFF-CODE', 'staff-code-one', `${CODES[0] ?? ''}X`]) {
      const response = await bypass(c.eddie, { code, username: 'admin', serverId: s.studyHall });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 'INVALID_BYPASS_CODE', message: 'The bypass code is invalid or has expired.' },
      });
    }
    expect((await entitlementsOf(c.eddie)).length).toBe(before);
  });

  it('refuses another owner’s server as not found, without counting a guess or recording a use', async () => {
    clock += DAY;
    const attempts = (await t.database.db.select().from(codeAttempts)).length;
    const response = await bypass(c.olivia, { code: CODES[0], username: 'admin', serverId: s.studyHall });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Server not found' } });
    expect(await t.database.db.select().from(bypassUses).where(eq(bypassUses.serverId, s.studyHall))).toHaveLength(0);
    expect((await t.database.db.select().from(codeAttempts)).length).toBe(attempts);
  });

  it('refuses missing or blank fields with 400 and a visitor with 401', async () => {
    for (const payload of [
      { code: CODES[0], serverId: s.pixelPlaza },
      { code: '   ', username: 'admin', serverId: s.pixelPlaza },
      { code: CODES[0], username: ' ', serverId: s.pixelPlaza },
      { code: CODES[0], username: 'admin' },
    ]) {
      const response = await bypass(c.olivia, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
    expect((await bypass(undefined, { code: CODES[0], username: 'admin', serverId: s.pixelPlaza })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/auth/admin-bypass', () => {
  it('is refused to everyone, staff included, saying it is not available', async () => {
    for (const cookie of [undefined, c.olivia, c.ada]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/admin-bypass',
        headers: sameOrigin(cookie),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        error: { code: 'FORBIDDEN', message: expect.stringContaining('not available') },
      });
    }
  });
});

describe('guessing codes', () => {
  it('stops an account after 5 wrong coupon or bypass codes in 15 minutes, from any address', async () => {
    clock += DAY;
    const start = clock;
    const coupon = await createCoupon(t, c.ada, { maxUses: 5, singleServerOnly: false });
    for (let i = 0; i < 5; i += 1) {
      clock = start + i * MINUTE;
      const response =
        i % 2 === 0
          ? await redeem(c.olivia, `AUDIT-WRONG00${i}`, s.pixelPlaza)
          : await bypass(c.olivia, { code: `wrong-${i}`, username: 'admin', serverId: s.pixelPlaza });
      expect(response.statusCode, response.body).toBe(i % 2 === 0 ? 404 : 403);
    }

    clock = start + 5 * MINUTE;
    const limited = await redeem(c.olivia, coupon.fullCode, s.pixelPlaza);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', message: expect.stringContaining('600 s') },
    });
    // The oldest counted wrong code (at the start) leaves the window 15 minutes after it was sent.
    expect(limited.headers['retry-after']).toBe('600');
    expect(await usesOf(coupon.id)).toBe(0);
    const limitedBypass = await bypass(c.olivia, { code: CODES[0], username: 'admin', serverId: s.pixelPlaza });
    expect(limitedBypass.statusCode).toBe(429);
    expect(limitedBypass.headers['retry-after']).toBe('600');

    // Another account from another address is not affected.
    expect((await redeem(c.mona, coupon.fullCode, s.pixelPlaza)).statusCode).toBe(200);

    clock = start + 15 * MINUTE;
    expect((await redeem(c.olivia, coupon.fullCode, s.wildWest)).statusCode).toBe(200);
    expect((await redeem(c.olivia, 'AUDIT-WRONG009', s.pixelPlaza)).statusCode).toBe(404);
    const again = await redeem(c.olivia, coupon.fullCode, s.megaMetropolis);
    expect(again.statusCode).toBe(429);
    // Now the oldest counted is the one sent a minute after the start.
    expect(again.headers['retry-after']).toBe('60');
  });

  it('stops a client address after 5 wrong codes, whichever accounts sent them', async () => {
    clock += DAY;
    const address = freshAddress();
    const coupon = await createCoupon(t, c.ada, { maxUses: 5, singleServerOnly: false });
    const guessers: [string, string][] = [
      [c.eddie, s.studyHall],
      [c.eddie, s.studyHall],
      [c.mona, s.pixelPlaza],
      [c.mona, s.pixelPlaza],
      [c.ada, s.pixelPlaza],
    ];
    for (const [cookie, server] of guessers) {
      expect((await redeem(cookie, 'AUDIT-NOTACODE', server, address)).statusCode).toBe(404);
    }
    const limited = await redeem(c.ada, coupon.fullCode, s.wildWest, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('900');
    const limitedBypass = await bypass(
      c.olivia,
      { code: CODES[0], username: 'admin', serverId: s.pixelPlaza },
      address,
    );
    expect(limitedBypass.statusCode).toBe(429);
    // The same account from another address is not stopped: it has sent one wrong code.
    expect((await redeem(c.ada, coupon.fullCode, s.wildWest)).statusCode).toBe(200);
  });

  it('counts a burst of parallel wrong codes one by one: never more than 5 get through', async () => {
    clock += DAY;
    const address = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        redeem(c.eddie, `AUDIT-BURST${String(i).padStart(3, '0')}`, s.studyHall, address),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 404)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });
});
