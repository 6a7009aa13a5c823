import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainPayments, cryptoSubscriptions, orders } from '../../src/server/db/schema-commerce.js';
import { LOOKALIKE_USDC_CONTRACT } from '../../src/simulators/chains/ethereum/state.js';
import type { PayCryptoSubscriptionResponse } from '../../src/shared/contracts/crypto-subscriptions.js';
import {
  baseUnitsOf,
  cryptoWorld,
  type CryptoWorld,
  errorOf,
  mineEth,
  pay,
  post,
  sendEth,
  subscribe,
} from '../helpers/crypto.js';

/** ETH and USDC-ERC20 payments checked against the simulated Ethereum node through viem, rule by rule. */

let w: CryptoWorld;
beforeAll(async () => {
  w = await cryptoWorld();
});
afterAll(async () => w?.close());

const ETH_DECIMALS = 18;
const USDC_DECIMALS = 6;

async function ethSubscription() {
  const { subscription, paymentDetails } = await subscribe(w, 'ETH');
  return { id: subscription.id, wei: baseUnitsOf(paymentDetails.amount, ETH_DECIMALS), details: paymentDetails };
}

describe('ETH', () => {
  it('answers pending while unmined and short of confirmations, then accepts: one order, one month, a fresh quote', async () => {
    const { id, wei, details } = await ethSubscription();
    expect(details.recipientAddress).toBe('0x5afe0000000000000000000000000000c0ffee01');
    expect(details.amount).toMatch(/^0\.\d{6}$/);
    const hash = await sendEth(w, { asset: 'ETH', amount: wei.toString() });

    const unmined = await pay(w, w.c.olivia, id, hash);
    expect(unmined.statusCode).toBe(200);
    expect(unmined.json<PayCryptoSubscriptionResponse>()).toMatchObject({ verified: false, pending: true });
    // The hash is reserved for Olivia while it is pending.
    const [claim] = await w.t.database.db.select().from(chainPayments).where(eq(chainPayments.txHash, hash));
    expect(claim).toMatchObject({ status: 'pending', subscriptionId: id });

    await mineEth(w);
    const oneConfirmation = (await pay(w, w.c.olivia, id, hash)).json<PayCryptoSubscriptionResponse>();
    expect(oneConfirmation).toMatchObject({ verified: false, pending: true });
    expect(oneConfirmation.message).toContain('1 of 2 confirmations');

    await mineEth(w);
    const accepted = await pay(w, w.c.olivia, id, hash);
    expect(accepted.statusCode).toBe(200);
    const body = accepted.json<PayCryptoSubscriptionResponse>();
    expect(body).toMatchObject({ verified: true, pending: false, message: 'Payment verified' });
    expect(body.subscription).toMatchObject({ id, status: 'active', isActive: true });
    const due = Date.parse(body.subscription.nextPaymentDue ?? '');
    expect(due - w.clock.now().getTime()).toBeGreaterThan(27 * 86_400_000);
    expect(due - w.clock.now().getTime()).toBeLessThan(32 * 86_400_000);
    expect(body.subscription.paymentDetails.amount).not.toBe(details.amount);

    const paid = await w.t.database.db.select().from(orders).where(eq(orders.providerRef, hash));
    expect(paid).toMatchObject([
      { product: 'MONITORING', provider: 'crypto', status: 'completed', amountCents: 5000, cryptoCurrency: 'ETH' },
    ]);
    const [accepted2] = await w.t.database.db.select().from(chainPayments).where(eq(chainPayments.txHash, hash));
    expect(accepted2).toMatchObject({ status: 'accepted', amountBase: wei.toString(), orderId: paid[0]?.id });

    // The same hash a second time, by the same user: already used, nothing more granted.
    const again = await pay(w, w.c.olivia, id, hash);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('TRANSACTION_ALREADY_USED');
    expect(await w.t.database.db.select().from(orders).where(eq(orders.providerRef, hash))).toHaveLength(1);
  });

  it('a second user cannot claim a hash another user reserved or used (409), and learns nothing else', async () => {
    const { id, wei } = await ethSubscription();
    const hash = await sendEth(w, { asset: 'ETH', amount: wei.toString() });
    expect((await pay(w, w.c.olivia, id, hash)).json()).toMatchObject({ pending: true });

    const eddies = await subscribe(w, 'ETH', { cookie: w.c.eddie, serverId: w.studyHall });
    const stolen = await pay(w, w.c.eddie, eddies.subscription.id, hash);
    expect(stolen.statusCode).toBe(409);
    expect(errorOf(stolen)).toMatchObject({ code: 'TRANSACTION_ALREADY_USED' });
    expect(stolen.body).not.toContain(id);
  });

  it('accepts one of ten concurrent submissions of a hash: one order, one claim, the rest 409', async () => {
    const { id, wei } = await ethSubscription();
    const hash = await sendEth(w, { asset: 'ETH', amount: wei.toString() });
    await mineEth(w, 2);
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(w, w.c.olivia, id, hash)));
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
    expect(await w.t.database.db.select().from(orders).where(eq(orders.providerRef, hash))).toHaveLength(1);
  });

  it('renews an active subscription paid early: the next due date moves a month past the previous one', async () => {
    const { id, wei } = await ethSubscription();
    const first = await sendEth(w, { asset: 'ETH', amount: wei.toString() });
    await mineEth(w, 2);
    const activated = (await pay(w, w.c.olivia, id, first)).json<PayCryptoSubscriptionResponse>();
    const firstDue = Date.parse(activated.subscription.nextPaymentDue ?? '');
    const next = baseUnitsOf(activated.subscription.paymentDetails.amount, ETH_DECIMALS);
    const second = await sendEth(w, { asset: 'ETH', amount: next.toString() });
    await mineEth(w, 2);
    const renewed = (await pay(w, w.c.olivia, id, second)).json<PayCryptoSubscriptionResponse>();
    expect(renewed.verified).toBe(true);
    const secondDue = Date.parse(renewed.subscription.nextPaymentDue ?? '');
    expect(secondDue - firstDue).toBeGreaterThanOrEqual(28 * 86_400_000);
    expect(secondDue - firstDue).toBeLessThanOrEqual(31 * 86_400_000);
    const paidOrders = await w.t.database.db
      .select()
      .from(orders)
      .where(inArray(orders.providerRef, [first, second]));
    expect(paidOrders.map((order) => order.status)).toEqual(['completed', 'completed']);
  });

  it('refuses a token transfer offered as an ETH payment (rule 5)', async () => {
    const { id, wei } = await ethSubscription();
    const hash = await sendEth(w, { asset: 'USDC', amount: wei.toString() });
    await mineEth(w, 2);
    const response = await pay(w, w.c.olivia, id, hash);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toContain('rule 5');
  });

  it('answers pending again when a reorganisation drops the transaction from its block', async () => {
    const { id, wei } = await ethSubscription();
    const hash = await sendEth(w, { asset: 'ETH', amount: wei.toString() });
    await mineEth(w);
    expect((await pay(w, w.c.olivia, id, hash)).json<PayCryptoSubscriptionResponse>().message).toContain('1 of 2');
    await post(`${w.eth.url}/__sim/reorg`, { hash });
    const dropped = (await pay(w, w.c.olivia, id, hash)).json<PayCryptoSubscriptionResponse>();
    expect(dropped).toMatchObject({ verified: false, pending: true });
    expect(dropped.message).toContain('not in a block');
    await mineEth(w, 2);
    expect((await pay(w, w.c.olivia, id, hash)).json()).toMatchObject({ verified: true });
  });

  it('refuses a payment to another address (rule 4)', async () => {
    const { id, wei } = await ethSubscription();
    const hash = await sendEth(w, {
      asset: 'ETH',
      amount: wei.toString(),
      to: '0x000000000000000000000000000000000000dead',
    });
    await mineEth(w, 2);
    const response = await pay(w, w.c.olivia, id, hash);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toMatchObject({ code: 'TRANSACTION_REJECTED' });
    expect(errorOf(response).message).toContain('rule 4');
  });

  it('refuses an underpayment beyond the 0.5 % tolerance (rule 6) and accepts one within it', async () => {
    const { id, wei } = await ethSubscription();
    const short = await sendEth(w, { asset: 'ETH', amount: ((wei * 99n) / 100n).toString() });
    await mineEth(w, 2);
    const refused = await pay(w, w.c.olivia, id, short);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toContain('rule 6');

    const nearly = await sendEth(w, { asset: 'ETH', amount: ((wei * 9_960n) / 10_000n).toString() });
    await mineEth(w, 2);
    expect((await pay(w, w.c.olivia, id, nearly)).json()).toMatchObject({ verified: true });
  });

  it('refuses a reverted transaction (rule 3)', async () => {
    const { id, wei } = await ethSubscription();
    const hash = await sendEth(w, { asset: 'ETH', amount: wei.toString(), revert: true });
    await mineEth(w, 2);
    const response = await pay(w, w.c.olivia, id, hash);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toContain('rule 3');
  });

  it('refuses a transaction older than its quote (rule 8), though it pays the quoted amount', async () => {
    // The quote is made an hour after the transaction is mined.
    w.clock.advanceDays(1 / 24);
    const { id, wei } = await ethSubscription();
    w.clock.advanceDays(-1 / 24);
    const hash = await sendEth(w, { asset: 'ETH', amount: wei.toString() });
    await mineEth(w, 2);
    const response = await pay(w, w.c.olivia, id, hash);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toContain('rule 8');
    expect(errorOf(response).message).toContain('older than the quote');
  });

  it('refuses a malformed hash (rule 1) and answers 404 for someone else’s subscription', async () => {
    const { id } = await ethSubscription();
    const malformed = await pay(w, w.c.olivia, id, '0x1234');
    expect(malformed.statusCode).toBe(422);
    expect(errorOf(malformed).message).toContain('rule 1');
    const hash = `0x${'ab'.repeat(32)}`;
    const foreign = await pay(w, w.c.eddie, id, hash);
    expect(foreign.statusCode).toBe(404);
    const visitor = await pay(w, undefined, id, hash);
    expect(visitor.statusCode).toBe(401);
    const empty = await pay(w, w.c.olivia, id, '');
    expect(empty.statusCode).toBe(400);
  });
});

describe('USDC-ERC20', () => {
  async function usdcSubscription() {
    const { subscription, paymentDetails } = await subscribe(w, 'USDC-ERC20');
    expect(paymentDetails.amount).toMatch(/^50\.\d{2}$/);
    return { id: subscription.id, units: baseUnitsOf(paymentDetails.amount, USDC_DECIMALS) };
  }

  it('accepts a USDC Transfer log to our address for the exact quoted amount', async () => {
    const { id, units } = await usdcSubscription();
    const hash = await sendEth(w, { asset: 'USDC', amount: units.toString() });
    await mineEth(w, 2);
    const response = await pay(w, w.c.olivia, id, hash);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ verified: true, subscription: { isActive: true } });
    const [row] = await w.t.database.db.select().from(cryptoSubscriptions).where(eq(cryptoSubscriptions.id, id));
    expect(row?.status).toBe('active');
  });

  it('refuses a look-alike token (rule 5) and a cent short (rule 6: no tolerance for USDC)', async () => {
    const { id, units } = await usdcSubscription();
    const fake = await sendEth(w, { asset: 'USDC', amount: units.toString(), contract: LOOKALIKE_USDC_CONTRACT });
    const short = await sendEth(w, { asset: 'USDC', amount: (units - 10_000n).toString() });
    await mineEth(w, 2);
    const lookalike = await pay(w, w.c.olivia, id, fake);
    expect(lookalike.statusCode).toBe(422);
    expect(errorOf(lookalike).message).toContain('rule 5');
    const underpaid = await pay(w, w.c.olivia, id, short);
    expect(underpaid.statusCode).toBe(422);
    expect(errorOf(underpaid).message).toContain('rule 6');
    const stored = await w.t.database.db
      .select()
      .from(chainPayments)
      .where(and(eq(chainPayments.subscriptionId, id), eq(chainPayments.status, 'accepted')));
    expect(stored).toHaveLength(0);
  });

  it('refuses a reverted token transfer (rule 3) and a transfer to another address (rule 4)', async () => {
    const { id, units } = await usdcSubscription();
    const reverted = await sendEth(w, { asset: 'USDC', amount: units.toString(), revert: true });
    const elsewhere = await sendEth(w, {
      asset: 'USDC',
      amount: units.toString(),
      to: '0x000000000000000000000000000000000000beef',
    });
    await mineEth(w, 2);
    expect(errorOf(await pay(w, w.c.olivia, id, reverted)).message).toContain('rule 3');
    expect(errorOf(await pay(w, w.c.olivia, id, elsewhere)).message).toContain('rule 4');
  });

  it('refuses paying the exact amount of another customer’s open quote (rule 9)', async () => {
    const olivias = await usdcSubscription();
    const eddies = await subscribe(w, 'USDC-ERC20', { cookie: w.c.eddie, serverId: w.studyHall });
    const eddiesUnits = baseUnitsOf(eddies.paymentDetails.amount, USDC_DECIMALS);
    expect(eddiesUnits).not.toBe(olivias.units);
    // Quotes take the smallest free offset, so the later one is higher: enough money, but it names Eddie's quote.
    expect(eddiesUnits > olivias.units).toBe(true);
    const hash = await sendEth(w, { asset: 'USDC', amount: eddiesUnits.toString() });
    await mineEth(w, 2);
    const response = await pay(w, w.c.olivia, olivias.id, hash);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toContain('rule 9');
  });
});

// Last: the chain's clock moves two hours ahead and blocks never go back.
describe('a payment long after its quote expired', () => {
  it('is refused (rule 8)', async () => {
    const { id, wei } = await ethSubscription();
    await post(`${w.eth.url}/__sim/warp`, { seconds: 2 * 3600 });
    const hash = await sendEth(w, { asset: 'ETH', amount: wei.toString() });
    await mineEth(w, 2);
    const response = await pay(w, w.c.olivia, id, hash);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toContain('after the quote expired');
  });
});
