import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAction, TestAccount } from '../../src/shared/contracts/admin-staff.js';
import type { CurrentUser } from '../../src/shared/contracts/auth.js';
import { sessions, users } from '../../src/server/db/schema.js';
import { testAccounts } from '../../src/server/db/schema-staff.js';
import { cookieNames } from '../../src/server/modules/auth/cookies.js';
import { USER_ALREADY_BOUND, USERNAME_TAKEN } from '../../src/server/modules/test-accounts/service.js';
import { TEST_ACCOUNT_SIGN_IN_OFF, WRONG_CREDENTIALS } from '../../src/server/modules/test-accounts/sign-in.js';
import { userIdOf } from '../helpers/evidence.js';
import { cookieHeader, createTestApp, DEMO, sameOrigin, type TestApp } from '../helpers/test-app.js';

const PASSWORD = 'correct horse battery staple';
const TWO_TO_THE_64 = 2n ** 64n;

let t: TestApp;
const c = { olivia: '', eddie: '', ada: '' };

const get = (app: TestApp, url: string, cookie?: string) =>
  app.app.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie } });
const create = (app: TestApp, cookie: string | undefined, payload: object) =>
  app.app.inject({ method: 'POST', url: '/api/admin/test-accounts', headers: sameOrigin(cookie), payload });
const remove = (id: string, cookie: string | undefined) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/test-accounts/${id}`, headers: sameOrigin(cookie) });
const signIn = (app: TestApp, payload: object, options: { remoteAddress?: string; cookie?: string } = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/test-account',
    headers: sameOrigin(options.cookie),
    payload,
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
  });
const sessionOf = (app: TestApp, response: LightMyRequestResponse) =>
  cookieHeader(response, cookieNames(app.config).session);
const latestAction = async () => (await get(t, '/api/admin/activity?limit=1', c.ada)).json<StaffAction[]>()[0];

async function createdAccount(app: TestApp, payload: object): Promise<TestAccount> {
  const response = await create(app, app === t ? c.ada : await app.signIn(DEMO.ada), payload);
  if (response.statusCode !== 201) throw new Error(`creating answered ${response.statusCode}: ${response.body}`);
  return response.json<TestAccount>();
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  for (const name of Object.keys(c) as (keyof typeof c)[]) c[name] = await t.signIn(DEMO[name]);
});
afterAll(async () => t?.close());

describe('a test account made for a Discord id nobody had signed in with', () => {
  it('stops owning the user once that person signs in with Discord, so deleting the account keeps them', async () => {
    const account = await createdAccount(t, { username: 'qa.mona', password: PASSWORD, discordId: DEMO.mona });
    const [before] = await t.database.db.select().from(testAccounts).where(eq(testAccounts.id, account.id));
    expect(before?.ownsUser).toBe(true);

    const mona = await t.signIn(DEMO.mona);
    const [after] = await t.database.db.select().from(testAccounts).where(eq(testAccounts.id, account.id));
    expect(after?.ownsUser).toBe(false);

    expect((await remove(account.id, c.ada)).statusCode).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.discordId, DEMO.mona))).toHaveLength(1);
    // Deleting the account ends the sessions of the user it acted as; Mona signs in again with Discord.
    expect((await get(t, '/api/auth/me', mona)).statusCode).toBe(401);
    expect((await get(t, '/api/auth/me', await t.signIn(DEMO.mona))).statusCode).toBe(200);
  });
});

describe('POST /api/admin/test-accounts', () => {
  it('creates an account acting as a new user with a generated Discord id no real account can have; the hash is argon2id and never leaves', async () => {
    const response = await create(t, c.ada, { username: 'QA.Admin', password: PASSWORD, isAdmin: true });
    expect(response.statusCode).toBe(201);
    const account = response.json<TestAccount>();
    expect(account).toEqual({
      id: expect.any(String),
      username: 'qa.admin',
      discordId: expect.stringMatching(/^9\d{19}$/),
      isAdmin: true,
      hasPassword: true,
      createdAt: expect.any(String),
    });
    expect(BigInt(account.discordId)).toBeGreaterThan(TWO_TO_THE_64);
    expect(response.body).not.toContain(PASSWORD);
    expect(response.body).not.toContain('argon2');

    const [row] = await t.database.db.select().from(testAccounts).where(eq(testAccounts.id, account.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.ownsUser).toBe(true);
    const [user] = await t.database.db.select().from(users).where(eq(users.discordId, account.discordId));
    expect(user).toMatchObject({ username: 'QA.Admin', testAccountAdmin: true });

    const trail = await latestAction();
    expect(trail).toMatchObject({
      action: 'test_account.create',
      targetType: 'test_account',
      targetId: account.id,
      actorName: 'Ada Admin',
      before: null,
      after: { username: 'qa.admin', discordId: account.discordId, isAdmin: true, ownsUser: true },
    });
    expect(JSON.stringify(trail)).not.toContain(PASSWORD);
    expect(JSON.stringify(trail)).not.toContain('argon2');
  });

  it('refuses a username already taken in any case with 409, creating nothing', async () => {
    await createdAccount(t, { username: 'qa-dup', password: PASSWORD });
    const duplicate = await create(t, c.ada, { username: 'QA-DUP', password: PASSWORD });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: { code: 'CONFLICT', message: USERNAME_TAKEN } });
    expect(await t.database.db.select().from(testAccounts).where(eq(testAccounts.username, 'qa-dup'))).toHaveLength(1);
  });

  it('binds to the stored user of a given Discord id (without owning it), once', async () => {
    const account = await createdAccount(t, { username: 'as-eddie', password: PASSWORD, discordId: DEMO.eddie });
    expect(account).toMatchObject({ discordId: DEMO.eddie, isAdmin: false });
    const [row] = await t.database.db.select().from(testAccounts).where(eq(testAccounts.id, account.id));
    expect(row).toMatchObject({ ownsUser: false, userId: await userIdOf(t, DEMO.eddie) });
    const again = await create(t, c.ada, { username: 'as-eddie-2', password: PASSWORD, discordId: DEMO.eddie });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { message: USER_ALREADY_BOUND } });
  });

  it('answers 400 for bad input', async () => {
    const bad = [
      {},
      { username: 'qa-short', password: 'short' },
      { username: 'q', password: PASSWORD },
      { username: 'has space', password: PASSWORD },
      { username: 'qa-id', password: PASSWORD, discordId: '12ab' },
      { username: 'qa-admin', password: PASSWORD, isAdmin: 'yes' },
    ];
    for (const payload of bad) {
      const response = await create(t, c.ada, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
  });

  it('refuses a visitor with 401 and an owner with 403, creating nothing', async () => {
    expect((await create(t, undefined, { username: 'qa-visitor', password: PASSWORD })).statusCode).toBe(401);
    expect((await create(t, c.olivia, { username: 'qa-owner', password: PASSWORD })).statusCode).toBe(403);
    const rows = await t.database.db.select().from(testAccounts);
    expect(rows.map((row) => row.username)).not.toContain('qa-visitor');
    expect(rows.map((row) => row.username)).not.toContain('qa-owner');
  });
});

describe('GET /api/admin/test-accounts', () => {
  it('lists every account newest first, without any password field', async () => {
    const response = await get(t, '/api/admin/test-accounts', c.ada);
    expect(response.statusCode).toBe(200);
    const list = response.json<TestAccount[]>();
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(
      list.every(
        (account) => Object.keys(account).sort().join() === 'createdAt,discordId,hasPassword,id,isAdmin,username',
      ),
    ).toBe(true);
    const times = list.map((account) => Date.parse(account.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(response.body).not.toContain('argon2');
  });

  it('refuses a visitor with 401 and an owner with 403', async () => {
    expect((await get(t, '/api/admin/test-accounts')).statusCode).toBe(401);
    const owner = await get(t, '/api/admin/test-accounts', c.olivia);
    expect(owner.statusCode).toBe(403);
    expect(owner.body).not.toContain('qa.admin');
  });
});

describe('POST /api/auth/test-account and DELETE /api/admin/test-accounts/{id}', () => {
  it('signs an admin test account in as staff; after deletion its session is refused and its user is gone', async () => {
    const account = await createdAccount(t, { username: 'qa-staff', password: PASSWORD, isAdmin: true });
    const response = await signIn(t, { username: '  QA-Staff ', password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json<CurrentUser>()).toMatchObject({
      discordId: account.discordId,
      username: 'qa-staff',
      isAdmin: true,
    });
    const session = sessionOf(t, response);
    expect(session).not.toBe('');
    expect((await get(t, '/api/admin/entitlements', session)).statusCode).toBe(200);

    const deleted = await remove(account.id, c.ada);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await get(t, '/api/auth/me', session)).statusCode).toBe(401);
    expect((await get(t, '/api/admin/entitlements', session)).statusCode).toBe(401);
    expect(await t.database.db.select().from(users).where(eq(users.discordId, account.discordId))).toHaveLength(0);
    const trail = await latestAction();
    expect(trail).toMatchObject({
      action: 'test_account.delete',
      targetId: account.id,
      before: { username: 'qa-staff', discordId: account.discordId, isAdmin: true, ownsUser: true },
      after: null,
    });
    expect((await signIn(t, { username: 'qa-staff', password: PASSWORD })).statusCode).toBe(401);
  });

  it('acts as the bound user; deleting the account keeps that user but ends its sessions', async () => {
    const [account] = (await get(t, '/api/admin/test-accounts', c.ada))
      .json<TestAccount[]>()
      .filter((candidate) => candidate.username === 'as-eddie');
    if (account === undefined) throw new Error('the account bound to Eddie was not created');
    const eddie = await t.signIn(DEMO.eddie);
    const response = await signIn(t, { username: 'as-eddie', password: PASSWORD });
    expect(response.json<CurrentUser>()).toMatchObject({ discordId: DEMO.eddie, username: 'eddie', isAdmin: false });
    const asEddie = sessionOf(t, response);
    expect((await get(t, '/api/admin/entitlements', asEddie)).statusCode).toBe(403);

    expect((await remove(account.id, c.ada)).statusCode).toBe(200);
    expect((await get(t, '/api/auth/me', asEddie)).statusCode).toBe(401);
    expect((await get(t, '/api/auth/me', eddie)).statusCode).toBe(401);
    const [user] = await t.database.db.select().from(users).where(eq(users.discordId, DEMO.eddie));
    expect(user).toMatchObject({ username: 'eddie', testAccountAdmin: false });
  });

  it('an admin account bound to a user makes that user staff until it is deleted', async () => {
    const mona = await t.signIn(DEMO.mona);
    expect((await get(t, '/api/admin/entitlements', mona)).statusCode).toBe(403);
    const account = await createdAccount(t, {
      username: 'mona-staff',
      password: PASSWORD,
      discordId: DEMO.mona,
      isAdmin: true,
    });
    expect((await get(t, '/api/admin/entitlements', mona)).statusCode).toBe(200);
    expect((await remove(account.id, c.ada)).statusCode).toBe(200);
    const again = await t.signIn(DEMO.mona);
    expect((await get(t, '/api/admin/entitlements', again)).statusCode).toBe(403);
    const [user] = await t.database.db.select().from(users).where(eq(users.discordId, DEMO.mona));
    expect(user?.testAccountAdmin).toBe(false);
  });

  it('answers 401 with one message for a wrong password and for an unknown username, setting no cookie', async () => {
    await createdAccount(t, { username: 'qa-guess', password: PASSWORD });
    const wrong = await signIn(t, { username: 'qa-guess', password: `${PASSWORD}!` });
    const unknown = await signIn(t, { username: 'nobody-here', password: PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: WRONG_CREDENTIALS } });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers 400 for bad input, and 403 to a cross-site form post', async () => {
    expect((await signIn(t, { username: 'qa-guess' })).statusCode).toBe(400);
    expect((await signIn(t, { username: '', password: PASSWORD })).statusCode).toBe(400);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/test-account',
      headers: { origin: 'https://evil.example' },
      payload: { username: 'qa-guess', password: PASSWORD },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('answers 404 on deleting an unknown account and 400 on a malformed id; visitors 401, owners 403', async () => {
    expect((await remove('00000000-0000-4000-8000-000000000000', c.ada)).statusCode).toBe(404);
    expect((await remove('nope', c.ada)).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(testAccounts).where(eq(testAccounts.username, 'qa-guess'));
    const id = row?.id ?? '';
    expect((await remove(id, undefined)).statusCode).toBe(401);
    expect((await remove(id, c.olivia)).statusCode).toBe(403);
    expect(await t.database.db.select().from(testAccounts).where(eq(testAccounts.id, id))).toHaveLength(1);
  });
});

describe('test account sign-in settings', () => {
  it('answers 404 when TEST_ACCOUNT_SIGN_IN is false, even for the right password', async () => {
    const off = await createTestApp({ TEST_ACCOUNT_SIGN_IN: 'false' });
    try {
      await createdAccount(off, { username: 'qa-off', password: PASSWORD });
      const response = await signIn(off, { username: 'qa-off', password: PASSWORD });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: TEST_ACCOUNT_SIGN_IN_OFF } });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect((await get(off, '/api/config')).json()).toMatchObject({ testAccountSignIn: false });
    } finally {
      await off.close();
    }
  });

  it('limits attempts per client address and per username, whatever the password', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      await createdAccount(limited, { username: 'qa-limited', password: PASSWORD });
      // One address, different usernames: its fourth attempt is refused.
      for (const username of ['a-one', 'a-two', 'a-three'])
        expect((await signIn(limited, { username, password: 'wrong' }, { remoteAddress: '10.0.0.1' })).statusCode).toBe(
          401,
        );
      const byAddress = await signIn(
        limited,
        { username: 'qa-limited', password: PASSWORD },
        { remoteAddress: '10.0.0.1' },
      );
      expect(byAddress.statusCode).toBe(429);
      expect(byAddress.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });

      // One username from many addresses: its fourth attempt is refused, the right password included.
      for (const address of ['10.0.1.1', '10.0.1.2', '10.0.1.3'])
        expect(
          (await signIn(limited, { username: 'QA-Limited', password: 'wrong' }, { remoteAddress: address })).statusCode,
        ).toBe(401);
      const byUsername = await signIn(
        limited,
        { username: 'qa-limited', password: PASSWORD },
        { remoteAddress: '10.0.1.4' },
      );
      expect(byUsername.statusCode).toBe(429);
      expect(byUsername.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
      expect(Number(byUsername.headers['retry-after'])).toBeGreaterThan(0);
      expect(byUsername.headers['set-cookie']).toBeUndefined();

      // Another username from a fresh address is still served.
      const other = await signIn(
        limited,
        { username: 'someone-else', password: 'wrong' },
        { remoteAddress: '10.0.2.1' },
      );
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('sessions of a test account', () => {
  it('stores sessions like the Discord sign-in: only the token’s hash', async () => {
    const account = await createdAccount(t, { username: 'qa-session', password: PASSWORD });
    const response = await signIn(t, { username: 'qa-session', password: PASSWORD });
    const token = response.cookies.find((cookie) => cookie.name === cookieNames(t.config).session)?.value ?? '';
    const [user] = await t.database.db.select().from(users).where(eq(users.discordId, account.discordId));
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? ''));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(token);
    expect(response.cookies.find((cookie) => cookie.name === cookieNames(t.config).session)).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
  });
});
