import bs58 from 'bs58';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/server/db/schema-commerce.js';
import type { PayCryptoSubscriptionResponse } from '../../src/shared/contracts/crypto-subscriptions.js';
import {
  advanceSlots,
  baseUnitsOf,
  cryptoWorld,
  type CryptoWorld,
  errorOf,
  pay,
  post,
  sendSol,
  subscribe,
} from '../helpers/crypto.js';

/** SOL and USDC-SPL payments checked against the simulated Solana node through @solana/kit, rule by rule. */

let w: CryptoWorld;
beforeAll(async () => {
  w = await cryptoWorld();
});
afterAll(async () => w?.close());

/** Some other wallet: base58 of 32 bytes. */
const STRANGER = 'Stranger11111111111111111111111111111111111';
const OTHER_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';

async function solSubscription() {
  const { subscription, paymentDetails } = await subscribe(w, 'SOL');
  expect(paymentDetails.amount).toMatch(/^\d+\.\d{3}$/);
  return { id: subscription.id, lamports: baseUnitsOf(paymentDetails.amount, 9) };
}
async function usdcSubscription() {
  const { subscription, paymentDetails } = await subscribe(w, 'USDC-SPL');
  return { id: subscription.id, units: baseUnitsOf(paymentDetails.amount, 6) };
}

describe('SOL', () => {
  it('answers pending while processed, accepts once confirmed: one order, one month', async () => {
    const { id, lamports } = await solSubscription();
    const signature = await sendSol(w, { asset: 'SOL', amount: lamports.toString() });
    const processed = await pay(w, w.c.olivia, id, signature);
    expect(processed.statusCode).toBe(200);
    const waiting = processed.json<PayCryptoSubscriptionResponse>();
    expect(waiting).toMatchObject({ verified: false, pending: true, subscription: { isActive: false } });
    expect(waiting.message).toContain('processed');

    await advanceSlots(w);
    const accepted = await pay(w, w.c.olivia, id, signature);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ verified: true, subscription: { status: 'active', isActive: true } });
    expect(await w.t.database.db.select().from(orders).where(eq(orders.providerRef, signature))).toMatchObject([
      { product: 'MONITORING', status: 'completed', cryptoCurrency: 'SOL' },
    ]);
    const twice = await pay(w, w.c.olivia, id, signature);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).code).toBe('TRANSACTION_ALREADY_USED');
  });

  it('answers pending for a signature the chain has not seen', async () => {
    const { id } = await solSubscription();
    const unknown = bs58.encode(randomBytes(64));
    const response = await pay(w, w.c.olivia, id, unknown);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ verified: false, pending: true });
  });

  it('refuses a failed transaction (rule 3), another recipient (rule 4) and an underpayment (rule 6)', async () => {
    const { id, lamports } = await solSubscription();
    const failed = await sendSol(w, { asset: 'SOL', amount: lamports.toString(), fail: true });
    const elsewhere = await sendSol(w, { asset: 'SOL', amount: lamports.toString(), to: STRANGER });
    const short = await sendSol(w, { asset: 'SOL', amount: ((lamports * 98n) / 100n).toString() });
    await advanceSlots(w);
    expect(errorOf(await pay(w, w.c.olivia, id, failed)).message).toContain('rule 3');
    expect(errorOf(await pay(w, w.c.olivia, id, elsewhere)).message).toContain('rule 4');
    const underpaid = await pay(w, w.c.olivia, id, short);
    expect(underpaid.statusCode).toBe(422);
    expect(errorOf(underpaid)).toMatchObject({ code: 'TRANSACTION_REJECTED' });
    expect(errorOf(underpaid).message).toContain('rule 6');
  });

  it('refuses a token sent in place of SOL (rule 5)', async () => {
    const { id, lamports } = await solSubscription();
    const signature = await sendSol(w, { asset: 'USDC', amount: lamports.toString() });
    await advanceSlots(w);
    const response = await pay(w, w.c.olivia, id, signature);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toContain('rule 5');
  });

  it('refuses a transaction older than its quote (rule 8)', async () => {
    w.clock.advanceDays(1 / 24);
    const { id, lamports } = await solSubscription();
    w.clock.advanceDays(-1 / 24);
    const signature = await sendSol(w, { asset: 'SOL', amount: lamports.toString() });
    await advanceSlots(w);
    const response = await pay(w, w.c.olivia, id, signature);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toContain('rule 8');
  });

  it('lets nobody else take a reserved signature', async () => {
    const { id, lamports } = await solSubscription();
    const signature = await sendSol(w, { asset: 'SOL', amount: lamports.toString() });
    expect((await pay(w, w.c.olivia, id, signature)).json()).toMatchObject({ pending: true });
    const eddies = await subscribe(w, 'SOL', { cookie: w.c.eddie, serverId: w.studyHall });
    const response = await pay(w, w.c.eddie, eddies.subscription.id, signature);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('TRANSACTION_ALREADY_USED');
  });

  it('refuses a malformed signature (rule 1)', async () => {
    const { id } = await solSubscription();
    const response = await pay(w, w.c.olivia, id, `0x${'ab'.repeat(32)}`);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toContain('rule 1');
  });
});

describe('USDC-SPL', () => {
  it('accepts a transferChecked into a token account our wallet owns, created in the same transaction', async () => {
    const { id, units } = await usdcSubscription();
    const signature = await sendSol(w, { asset: 'USDC', amount: units.toString(), createAta: true });
    await advanceSlots(w);
    const response = await pay(w, w.c.olivia, id, signature);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ verified: true, subscription: { isActive: true } });
  });

  it('refuses another mint (rule 5), a failed transfer (rule 3) and a short one (rule 6)', async () => {
    const { id, units } = await usdcSubscription();
    const wrongMint = await sendSol(w, { asset: 'USDC', amount: units.toString(), mint: OTHER_MINT });
    const failed = await sendSol(w, { asset: 'USDC', amount: units.toString(), fail: true });
    const short = await sendSol(w, { asset: 'USDC', amount: (units - 1n).toString() });
    await advanceSlots(w);
    expect(errorOf(await pay(w, w.c.olivia, id, wrongMint)).message).toContain('rule 5');
    expect(errorOf(await pay(w, w.c.olivia, id, failed)).message).toContain('rule 3');
    expect(errorOf(await pay(w, w.c.olivia, id, short)).message).toContain('rule 6');
  });

  it('refuses a transfer to someone else’s token account (rule 4)', async () => {
    const { id, units } = await usdcSubscription();
    const signature = await sendSol(w, { asset: 'USDC', amount: units.toString(), to: STRANGER });
    await advanceSlots(w);
    expect(errorOf(await pay(w, w.c.olivia, id, signature)).message).toContain('rule 4');
  });

  it('the node hides a transfer from finalized readers for 32 slots; confirmed is enough here (demo)', async () => {
    const { id, units } = await usdcSubscription();
    const signature = await sendSol(w, { asset: 'USDC', amount: units.toString() });
    await advanceSlots(w);
    const finalized = await post(w.sol.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'getTransaction',
      params: [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'finalized' }],
    });
    expect(finalized.result).toBeNull();
    await advanceSlots(w, 32);
    const later = await post(w.sol.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'getTransaction',
      params: [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'finalized' }],
    });
    expect(later.result).toMatchObject({ meta: { err: null } });
    expect((await pay(w, w.c.olivia, id, signature)).json()).toMatchObject({ verified: true });
  });

  it('refuses a transfer older than its quote (rule 8) and another customer’s exact amount (rule 9)', async () => {
    w.clock.advanceDays(1 / 24);
    const laterSubscription = await subscribe(w, 'USDC-SPL', { cookie: w.c.olivia, serverId: w.wildWest });
    w.clock.advanceDays(-1 / 24);
    const later = {
      id: laterSubscription.subscription.id,
      units: baseUnitsOf(laterSubscription.paymentDetails.amount, 6),
    };
    const early = await sendSol(w, { asset: 'USDC', amount: later.units.toString() });
    await advanceSlots(w);
    expect(errorOf(await pay(w, w.c.olivia, later.id, early)).message).toContain('rule 8');

    const olivias = await usdcSubscription();
    const eddies = await subscribe(w, 'USDC-SPL', { cookie: w.c.eddie, serverId: w.studyHall });
    const eddiesUnits = baseUnitsOf(eddies.paymentDetails.amount, 6);
    expect(eddiesUnits > olivias.units).toBe(true);
    const signature = await sendSol(w, { asset: 'USDC', amount: eddiesUnits.toString() });
    await advanceSlots(w);
    const response = await pay(w, w.c.olivia, olivias.id, signature);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toContain('rule 9');
    // Eddie's own payment of his amount is not blocked by Olivia's refused attempt with another hash.
    const his = await sendSol(w, { asset: 'USDC', amount: eddiesUnits.toString() });
    await advanceSlots(w);
    expect((await pay(w, w.c.eddie, eddies.subscription.id, his)).json()).toMatchObject({ verified: true });
  });
});
