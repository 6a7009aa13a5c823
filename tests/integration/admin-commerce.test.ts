import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { serviceEngagements } from '../../src/server/db/schema-commerce.js';
import { createOrder, fulfilOrder } from '../../src/server/modules/orders/fulfilment.js';
import type { AdminEntitlement, ServiceEngagement } from '../../src/shared/contracts/admin-commerce.js';
import type { OrderProduct } from '../../src/shared/commerce-rules.js';
import { GUILDS, serverId } from '../helpers/audits.js';
import { userIdOf } from '../helpers/evidence.js';
import { createTestApp, DEMO, sameOrigin, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
const c = { olivia: '', ada: '' };
let pixelPlaza = '';

beforeAll(async () => {
  t = await createTestApp();
  c.olivia = await t.signIn(DEMO.olivia);
  c.ada = await t.signIn(DEMO.ada);
  pixelPlaza = await serverId(t, c.olivia, GUILDS.typical);
});
afterAll(async () => t?.close());

/** Olivia buys `product` for Pixel Plaza by card, fulfilled as the webhook would. */
async function purchase(product: OrderProduct, provider: 'stripe' | 'nowpayments' = 'stripe') {
  const db = t.database.db;
  const order = await createOrder(db, {
    userId: await userIdOf(t, DEMO.olivia),
    serverId: pixelPlaza,
    product,
    provider,
  });
  await fulfilOrder(db, { orderId: order.id, providerPaymentId: `pi_admin_${order.id}`, now: new Date() });
  return order;
}

async function engagementOf(orderId: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: serviceEngagements.id })
    .from(serviceEngagements)
    .where(eq(serviceEngagements.orderId, orderId));
  if (row === undefined) throw new Error('no engagement for the order');
  return row.id;
}

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie } });
const update = (id: string, cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/service-engagements/${id}`, headers: sameOrigin(cookie), payload });

describe('GET /api/admin/entitlements', () => {
  it('lists every entitlement newest first, with its user, server, provider and amount in dollars', async () => {
    const diy = await purchase('DIY');
    const full = await purchase('FULL_SERVICE', 'nowpayments');
    const response = await get('/api/admin/entitlements', c.ada);
    expect(response.statusCode).toBe(200);
    const list = response.json<AdminEntitlement[]>();
    const [newest, second] = list;
    expect(newest).toMatchObject({
      userId: await userIdOf(t, DEMO.olivia),
      username: expect.any(String),
      serverId: pixelPlaza,
      serverName: 'Pixel Plaza',
      plan: 'FULL_SERVICE',
      paid: true,
      provider: 'nowpayments',
      amountUsd: full.amountCents / 100,
    });
    expect(second).toMatchObject({ plan: 'DIY', provider: 'stripe', paid: true, amountUsd: diy.amountCents / 100 });
    const times = list.map((entitlement) => Date.parse(entitlement.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses a visitor with 401 and an owner with 403, listing nothing', async () => {
    const visitor = await get('/api/admin/entitlements');
    expect(visitor.statusCode).toBe(401);
    const owner = await get('/api/admin/entitlements', c.olivia);
    expect(owner.statusCode).toBe(403);
    expect(owner.body).not.toContain('Pixel Plaza');
  });
});

describe('GET /api/admin/service-engagements', () => {
  it('lists the engagement a Full Service purchase opened, NEW and not completed', async () => {
    const order = await purchase('FULL_SERVICE');
    const id = await engagementOf(order.id);
    const response = await get('/api/admin/service-engagements', c.ada);
    expect(response.statusCode).toBe(200);
    const [newest] = response.json<ServiceEngagement[]>();
    expect(newest).toEqual({
      id,
      serverId: pixelPlaza,
      serverName: 'Pixel Plaza',
      plan: 'FULL_SERVICE',
      status: 'NEW',
      engineerNotes: null,
      completedAt: null,
      createdAt: expect.any(String),
    });
  });

  it('refuses a visitor with 401 and an owner with 403', async () => {
    expect((await get('/api/admin/service-engagements')).statusCode).toBe(401);
    expect((await get('/api/admin/service-engagements', c.olivia)).statusCode).toBe(403);
  });
});

describe('PUT /api/admin/service-engagements/:id', () => {
  it('sets completedAt to the server’s now when COMPLETED, whatever the client sent, and keeps the notes', async () => {
    const id = await engagementOf((await purchase('FULL_SERVICE')).id);
    const before = Date.now();
    const response = await update(id, c.ada, {
      status: 'COMPLETED',
      engineerNotes: 'Roles tightened, report sent.',
      completedAt: '2001-01-01T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json<ServiceEngagement>();
    expect(updated).toMatchObject({ id, status: 'COMPLETED', engineerNotes: 'Roles tightened, report sent.' });
    expect(Date.parse(updated.completedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const [stored] = await t.database.db.select().from(serviceEngagements).where(eq(serviceEngagements.id, id));
    expect(stored?.status).toBe('COMPLETED');
    expect(stored?.completedAt?.toISOString()).toBe(updated.completedAt);
  });

  it('moves from any status to any other, clearing completedAt when not COMPLETED even if the client sent one', async () => {
    const id = await engagementOf((await purchase('FULL_SERVICE')).id);
    for (const status of ['COMPLETED', 'CANCELLED', 'COMPLETED', 'NEW', 'ON_HOLD', 'IN_PROGRESS'] as const) {
      const response = await update(id, c.ada, { status, engineerNotes: null, completedAt: new Date().toISOString() });
      expect(response.statusCode, status).toBe(200);
      const updated = response.json<ServiceEngagement>();
      expect(updated.status).toBe(status);
      if (status === 'COMPLETED') expect(updated.completedAt).not.toBeNull();
      else expect(updated.completedAt).toBeNull();
    }
  });

  it('leaves the notes as they were when the body has none', async () => {
    const id = await engagementOf((await purchase('FULL_SERVICE')).id);
    await update(id, c.ada, { status: 'IN_PROGRESS', engineerNotes: 'Call booked.' });
    const response = await update(id, c.ada, { status: 'ON_HOLD' });
    expect(response.json<ServiceEngagement>()).toMatchObject({ status: 'ON_HOLD', engineerNotes: 'Call booked.' });
  });

  it('answers 400 for a bad id or an unknown status, and 404 for an unknown engagement', async () => {
    const id = await engagementOf((await purchase('FULL_SERVICE')).id);
    const badId = await update('not-an-id', c.ada, { status: 'NEW' });
    expect(badId.statusCode).toBe(400);
    const badStatus = await update(id, c.ada, { status: 'DONE' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json()).toMatchObject({
      error: { code: 'BAD_REQUEST', message: expect.stringContaining('status') },
    });
    const missingStatus = await update(id, c.ada, { engineerNotes: 'x' });
    expect(missingStatus.statusCode).toBe(400);
    const unknown = await update('00000000-0000-4000-8000-000000000000', c.ada, { status: 'NEW' });
    expect(unknown.statusCode).toBe(404);
    const [stored] = await t.database.db.select().from(serviceEngagements).where(eq(serviceEngagements.id, id));
    expect(stored?.status).toBe('NEW');
  });

  it('refuses a visitor with 401 and an owner with 403, changing nothing', async () => {
    const id = await engagementOf((await purchase('FULL_SERVICE')).id);
    expect((await update(id, undefined, { status: 'CANCELLED' })).statusCode).toBe(401);
    expect((await update(id, c.olivia, { status: 'CANCELLED' })).statusCode).toBe(403);
    const [stored] = await t.database.db.select().from(serviceEngagements).where(eq(serviceEngagements.id, id));
    expect(stored?.status).toBe('NEW');
  });
});
