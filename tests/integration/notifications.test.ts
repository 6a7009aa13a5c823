import type { LightMyRequestResponse } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications as notificationRows } from '../../src/server/db/schema-evidence.js';
import type { Audit, AuditWithChecks } from '../../src/shared/contracts/audits.js';
import type { Notification } from '../../src/shared/contracts/notifications.js';
import { GUILDS, serverId, startAudit, waitForAudit } from '../helpers/audits.js';
import { createTestApp, DEMO, sameOrigin, type TestApp } from '../helpers/test-app.js';
import { userIdOf } from '../helpers/evidence.js';

let t: TestApp;
const c = { olivia: '', mona: '', eddie: '', ada: '' };
let audit: AuditWithChecks;
const REASON = 'Backups run nightly to an offsite bucket.';

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie } });
const list = async (cookie: string, query = '') =>
  (await get(`/api/notifications${query}`, cookie)).json<Notification[]>();
const unreadCount = async (cookie: string) =>
  (await get('/api/notifications/count', cookie)).json<{ count: number }>().count;
const markRead = (id: string, cookie?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/notifications/${id}/read`, headers: sameOrigin(cookie) });
const overrideCheck = (id: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/checks/${id}`, headers: sameOrigin(cookie), payload });
const errorCode = (response: LightMyRequestResponse) => response.json<{ error: { code: string } }>().error.code;

function failedCheck(index: number): string {
  const check = audit.checkResults.filter((result) => result.status === 'FAIL')[index];
  if (check === undefined) throw new Error(`Pixel Plaza should fail at least ${index + 1} checks`);
  return check.id;
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  for (const name of Object.keys(c) as (keyof typeof c)[]) c[name] = await t.signIn(DEMO[name]);
  // Olivia owns Pixel Plaza and Mona manages it; staff audit it, as Olivia has no plan.
  const pixelPlaza = await serverId(t, c.olivia, GUILDS.typical);
  audit = await waitForAudit(t, c.ada, (await startAudit(t, c.ada, pixelPlaza)).json<Audit>().id);
});
afterAll(async () => t?.close());

describe('notifications an audit creates', () => {
  it('tells every user of the server that it started and that it completed, newest first, with where to look', async () => {
    expect(audit.status).toBe('completed');
    for (const cookie of [c.olivia, c.mona]) {
      const notifications = await list(cookie);
      expect(notifications.map((notification) => notification.type)).toEqual(['AUDIT_COMPLETE', 'AUDIT_RUN']);
      for (const notification of notifications) {
        expect(notification).toMatchObject({
          isRead: false,
          read: false,
          actionUrl: `/audits/${audit.id}`,
          threadId: null,
        });
      }
      expect(notifications[0]?.message).toContain('Pixel Plaza');
      expect(notifications[0]?.message).toContain(`risk score ${audit.riskScore}`);
      expect(await unreadCount(cookie)).toBe(2);
    }
    // Staff ran it but are not a user of the server; Eddie has nothing to do with it.
    expect(await list(c.ada)).toEqual([]);
    expect(await list(c.eddie)).toEqual([]);
  });
});

describe('notifications of check overrides', () => {
  it('tells staff when the owner self-attests a check, and nobody when the owner withdraws it', async () => {
    const check = failedCheck(0);
    expect((await overrideCheck(check, c.olivia, { status: 'WAIVED', waiveReason: REASON })).statusCode).toBe(200);
    const [manual] = await list(c.ada);
    expect(manual).toMatchObject({ type: 'MANUAL_OVERRIDE', actionUrl: `/audits/${audit.id}`, isRead: false });
    expect(manual?.message).toContain('Pixel Plaza');

    expect((await overrideCheck(check, c.olivia, { status: 'FAIL' })).statusCode).toBe(200);
    expect(await list(c.ada)).toHaveLength(1);
  });

  it("tells the server's owner side when staff override a check, live on their open socket too", async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket: Socket = io(address, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: c.mona },
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', resolve);
        socket.on('connect_error', reject);
      });
      const pushed = new Promise<Notification>((resolve) => socket.on('notification.created', resolve));
      const response = await overrideCheck(failedCheck(1), c.ada, { status: 'PASS', waiveReason: 'Checked by hand.' });
      expect(response.statusCode).toBe(200);
      const live = await pushed;
      expect(live).toMatchObject({ type: 'OVERRIDE_GRANTED', actionUrl: `/audits/${audit.id}` });
      expect((await list(c.mona))[0]).toEqual(live);
      const { id: _monasOwn, ...told } = live;
      expect((await list(c.olivia))[0]).toMatchObject(told);
      expect(live.message).toContain('PASS');
    } finally {
      socket.close();
    }
  });
});

describe('GET /api/notifications and /count, PUT /api/notifications/{id}/read', () => {
  it('marks one of the caller’s own read, once and for all, and lists unread ones on request', async () => {
    const before = await unreadCount(c.mona);
    const [newest] = await list(c.mona);
    const id = newest?.id ?? '';
    const first = await markRead(id, c.mona);
    expect(first.statusCode).toBe(200);
    expect(first.json<Notification>()).toMatchObject({ id, isRead: true, read: true });
    const again = await markRead(id, c.mona);
    expect(again.statusCode).toBe(200);
    expect(again.json<Notification>().isRead).toBe(true);
    expect(await unreadCount(c.mona)).toBe(before - 1);
    const unread = await list(c.mona, '?unread=true');
    expect(unread).toHaveLength(before - 1);
    expect(unread.every((notification) => !notification.isRead)).toBe(true);
    expect(await list(c.mona, '?unread=false')).toHaveLength(before);
  });

  it("answers 404 for someone else's notification and changes nothing", async () => {
    const [oliviasNewest] = await list(c.olivia, '?unread=true');
    const id = oliviasNewest?.id ?? '';
    for (const cookie of [c.eddie, c.mona, c.ada]) {
      const response = await markRead(id, cookie);
      expect(response.statusCode).toBe(404);
      expect(errorCode(response)).toBe('NOT_FOUND');
    }
    expect((await list(c.olivia)).find((notification) => notification.id === id)?.isRead).toBe(false);
    expect((await markRead('00000000-0000-4000-8000-000000000000', c.olivia)).statusCode).toBe(404);
  });

  it('lists the latest 200, newest first', async () => {
    const eddie = await userIdOf(t, DEMO.eddie);
    // Stored a second apart: rows written within one tick of the database's clock would tie on created_at.
    const start = Date.now() - 300_000;
    await t.database.db.insert(notificationRows).values(
      Array.from({ length: 205 }, (_, index) => ({
        userId: eddie,
        type: 'SYSTEM_UPDATE' as const,
        title: `Update ${index}`,
        message: 'Something changed.',
        createdAt: new Date(start + index * 1000),
      })),
    );
    const notifications = await list(c.eddie);
    expect(notifications).toHaveLength(200);
    expect(notifications[0]?.title).toBe('Update 204');
    expect(notifications[199]?.title).toBe('Update 5');
    expect(await unreadCount(c.eddie)).toBe(205);
  });

  it('refuses bad input with 400', async () => {
    const badId = await markRead('not-an-id', c.olivia);
    expect(badId.statusCode).toBe(400);
    expect(errorCode(badId)).toBe('BAD_REQUEST');
    expect((await get('/api/notifications?unread=yes', c.olivia)).statusCode).toBe(400);
  });

  it('refuses a visitor with 401', async () => {
    const [any] = await list(c.olivia);
    const answers = [
      await get('/api/notifications'),
      await get('/api/notifications/count'),
      await markRead(any?.id ?? ''),
    ];
    for (const response of answers) expect(response.statusCode).toBe(401);
  });
});
