import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cryptoSubscriptions } from '../../src/server/db/schema-commerce.js';
import { notifications } from '../../src/server/db/schema-evidence.js';
import type {
  CryptoSubscription,
  PayCryptoSubscriptionResponse,
} from '../../src/shared/contracts/crypto-subscriptions.js';
import {
  baseUnitsOf,
  createSubscription,
  cryptoWorld,
  type CryptoWorld,
  errorOf,
  mineEth,
  pay,
  RECIPIENT,
  post,
  sendEth,
  subscribe,
} from '../helpers/crypto.js';
import { userIdOf } from '../helpers/evidence.js';
import { DEMO } from '../helpers/test-app.js';

/** Creating and listing subscriptions, and the sweep that reminds before a payment falls due and lapses after. */

let w: CryptoWorld;
beforeAll(async () => {
  w = await cryptoWorld();
});
afterAll(async () => w?.close());

const list = (cookie: string | null) =>
  w.t.app.inject({
    method: 'GET',
    url: '/api/crypto-subscriptions/user',
    headers: cookie === null ? {} : { cookie },
  });

describe('POST /api/crypto-subscriptions', () => {
  it('starts a subscription on the caller’s server with the recipient, the exact amount and the explorer link', async () => {
    const response = await createSubscription(w, w.c.olivia, { currency: 'SOL', serverId: w.pixelPlaza });
    expect(response.statusCode).toBe(201);
    const { subscription, paymentDetails } = response.json<{
      subscription: CryptoSubscription;
      paymentDetails: CryptoSubscription['paymentDetails'];
    }>();
    expect(subscription).toMatchObject({
      serverId: w.pixelPlaza,
      serverName: 'Pixel Plaza',
      currency: 'SOL',
      usdAmount: 50,
      status: 'awaiting_payment',
      isActive: false,
      nextPaymentDue: null,
    });
    expect(paymentDetails).toMatchObject({
      recipientAddress: RECIPIENT.solana,
      currency: 'SOL',
      explorerTxUrlPrefix: expect.stringContaining('/tx/'),
    });
    // 50 / 151.2 = 0.3306… → 0.331, plus the offset.
    expect(Number(paymentDetails.amount)).toBeGreaterThan(0.331);
    expect(subscription.monthlyAmount).toBe(paymentDetails.amount);
    expect(Date.parse(paymentDetails.quoteExpiresAt) - w.clock.now().getTime()).toBeGreaterThan(29 * 60_000);
  });

  it('answers the unpaid subscription of the same server and currency again instead of opening another', async () => {
    const first = await subscribe(w, 'USDC-ERC20', { cookie: w.c.olivia, serverId: w.wildWest });
    const again = await subscribe(w, 'USDC-ERC20', { cookie: w.c.olivia, serverId: w.wildWest });
    expect(again.subscription.id).toBe(first.subscription.id);
    expect(again.paymentDetails.amount).toBe(first.paymentDetails.amount);
    const other = await subscribe(w, 'SOL', { cookie: w.c.olivia, serverId: w.wildWest });
    expect(other.subscription.id).not.toBe(first.subscription.id);
  });

  it('refuses an amount other than 50, an unknown currency and a malformed server id (400)', async () => {
    const cases = [
      { currency: 'SOL', usdAmount: 49, serverId: w.pixelPlaza },
      { currency: 'DOGE', serverId: w.pixelPlaza },
      { currency: 'SOL', serverId: 'not-an-id' },
    ];
    for (const body of cases) {
      const response = await createSubscription(w, w.c.olivia, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('answers 404 for a server the caller may not manage and 401 for a visitor', async () => {
    const foreign = await createSubscription(w, w.c.eddie, { currency: 'ETH', serverId: w.pixelPlaza });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Pixel Plaza');
    const visitor = await createSubscription(w, undefined, { currency: 'ETH', serverId: w.pixelPlaza });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('GET /api/crypto-subscriptions/user', () => {
  it('lists only the caller’s subscriptions, newest first', async () => {
    await subscribe(w, 'USDC-SPL');
    await subscribe(w, 'ETH', { cookie: w.c.eddie, serverId: w.studyHall });
    const olivias = (await list(w.c.olivia)).json<CryptoSubscription[]>();
    expect(olivias.length).toBeGreaterThanOrEqual(2);
    expect(new Set(olivias.map((subscription) => subscription.serverId))).toEqual(new Set([w.pixelPlaza, w.wildWest]));
    expect(olivias[0]?.currency).toBe('USDC-SPL');
    const eddies = (await list(w.c.eddie)).json<CryptoSubscription[]>();
    expect(eddies.map((subscription) => subscription.serverId)).toEqual([w.studyHall]);
    expect((await list(null)).statusCode).toBe(401);
  });
});

describe('POST /api/crypto-subscriptions/{id}/pay', () => {
  it('answers 404 for another user’s subscription and for an unknown id, 400 for an empty hash', async () => {
    const { subscription } = await subscribe(w, 'ETH');
    const hash = `0x${'cd'.repeat(32)}`;
    expect((await pay(w, w.c.eddie, subscription.id, hash)).statusCode).toBe(404);
    // Staff pay only their own: a payment binds to the one who holds the quote.
    expect((await pay(w, w.c.ada, subscription.id, hash)).statusCode).toBe(404);
    expect((await pay(w, w.c.olivia, '00000000-0000-4000-8000-000000000000', hash)).statusCode).toBe(404);
    const empty = await pay(w, w.c.olivia, subscription.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toContain('Please enter the transaction hash to verify payment');
  });
});

describe('the lapse and reminder sweep', () => {
  const DAY = 1;
  const notices = async (title: string) =>
    w.t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, await userIdOf(w.t, DEMO.eddie)), eq(notifications.title, title)));

  it('reminds once before the due date, lapses once after it, and a payment of a fresh amount restores it', async () => {
    const { subscription, paymentDetails } = await subscribe(w, 'USDC-ERC20', {
      cookie: w.c.eddie,
      serverId: w.studyHall,
    });
    const hash = await sendEth(w, { asset: 'USDC', amount: baseUnitsOf(paymentDetails.amount, 6).toString() });
    await mineEth(w, 2);
    const paid = (await pay(w, w.c.eddie, subscription.id, hash)).json<PayCryptoSubscriptionResponse>();
    expect(paid.subscription.isActive).toBe(true);

    await w.t.app.subscriptionSweep.runOnce();
    expect(await notices('Monitoring payment due soon')).toHaveLength(0);

    w.clock.advanceDays(28 * DAY);
    // Two instances sweeping at once tell the owner once.
    await Promise.all([w.t.app.subscriptionSweep.runOnce(), w.t.app.subscriptionSweep.runOnce()]);
    await w.t.app.subscriptionSweep.runOnce();
    const reminders = await notices('Monitoring payment due soon');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ type: 'SYSTEM_UPDATE', actionUrl: '/billing' });
    expect(reminders[0]?.message).toContain('Study Hall');
    const [stillActive] = await w.t.database.db
      .select()
      .from(cryptoSubscriptions)
      .where(eq(cryptoSubscriptions.id, subscription.id));
    expect(stillActive).toMatchObject({ status: 'active', isActive: true });

    w.clock.advanceDays(4 * DAY);
    await Promise.all([w.t.app.subscriptionSweep.runOnce(), w.t.app.subscriptionSweep.runOnce()]);
    expect(await notices('Monitoring subscription lapsed')).toHaveLength(1);
    const listed = (await list(w.c.eddie)).json<CryptoSubscription[]>().find((row) => row.id === subscription.id);
    expect(listed).toMatchObject({ status: 'lapsed', isActive: false });

    // Listing gave the lapsed subscription a fresh amount (its quote had long expired); paying it restores it.
    const fresh = listed?.paymentDetails;
    expect(Date.parse(fresh?.quoteExpiresAt ?? '')).toBeGreaterThan(w.clock.now().getTime());
    await post(`${w.eth.url}/__sim/warp`, { seconds: 32 * 86_400 });
    const renewal = await sendEth(w, { asset: 'USDC', amount: baseUnitsOf(fresh?.amount ?? '', 6).toString() });
    await mineEth(w, 2);
    const restored = await pay(w, w.c.eddie, subscription.id, renewal);
    expect(restored.statusCode).toBe(200);
    const body = restored.json<PayCryptoSubscriptionResponse>();
    expect(body.subscription).toMatchObject({ status: 'active', isActive: true });
    const nextDue = Date.parse(body.subscription.nextPaymentDue ?? '') - w.clock.now().getTime();
    expect(nextDue).toBeGreaterThan(27 * 86_400_000);
    expect(nextDue).toBeLessThan(32 * 86_400_000);
  });
});
