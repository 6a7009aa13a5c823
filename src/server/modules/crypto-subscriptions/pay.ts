import { and, eq, gte, lte, ne } from 'drizzle-orm';
import { CRYPTO_CHAIN, type CryptoCurrency } from '../../../shared/commerce-rules.js';
import type { PayCryptoSubscriptionResponse } from '../../../shared/contracts/crypto-subscriptions.js';
import { chainPayments, cryptoQuotes, cryptoSubscriptions, orders } from '../../db/schema-commerce.js';
import { AppError } from '../../errors.js';
import type { Caller } from '../auth/caller.js';
import { createOrder, fulfilOrderIn } from '../orders/fulfilment.js';
import { minimumAccepted } from './amounts.js';
import type { CryptoDeps } from './deps.js';
import { ETHEREUM_HASH, isSolanaSignature } from './hash-format.js';
import { QUOTE_GRACE_MS, type QuoteRow, storeQuote } from './quotes.js';
import { ownSubscription, pricesFor } from './service.js';
import { oneMonthAfter, type SubscriptionRow, toSubscription } from './view.js';

/** A block may be this much older than its quote (clocks of chain and server differ a little). */
const CLOCK_SKEW_MS = 2 * 60_000;
/** Underpay absorbed for coins quoted from a rate (0.5 %); USDC is quoted exactly. */
const TOLERANCE_BASIS_POINTS: Record<CryptoCurrency, number> = { ETH: 50, SOL: 50, 'USDC-ERC20': 0, 'USDC-SPL': 0 };

const RULES: Record<number, string> = {
  1: 'well-formed hash',
  3: 'succeeded on chain',
  4: 'paid to Rampart',
  5: 'the right asset',
  6: 'the quoted amount',
  8: 'sent after the quote',
  9: 'bound to your quote',
};

function reject(rule: number, reason: string): AppError {
  return new AppError(
    'TRANSACTION_REJECTED',
    `Transaction rejected (rule ${rule}, ${RULES[rule] ?? 'rule'}): ${reason}`,
  );
}
const alreadyUsed = () =>
  new AppError('TRANSACTION_ALREADY_USED', 'This transaction has already been used for a payment.');

/** Rule 1, and the form the hash is stored in (Ethereum hashes lower-case; Solana signatures as given). */
function normalisedHash(currency: CryptoCurrency, raw: string): string {
  const hash = CRYPTO_CHAIN[currency] === 'ethereum' ? raw.trim().toLowerCase() : raw.trim();
  const wellFormed = CRYPTO_CHAIN[currency] === 'ethereum' ? ETHEREUM_HASH.test(hash) : isSolanaSignature(hash);
  if (!wellFormed) {
    throw reject(
      1,
      CRYPTO_CHAIN[currency] === 'ethereum'
        ? 'an Ethereum transaction hash is 0x followed by 64 hex digits.'
        : 'a Solana transaction signature is 87 or 88 base58 characters.',
    );
  }
  return hash;
}

/** Rules 6, 8 and 9: enough paid, after the quote and within its life, and not another customer's amount. */
async function judgeSettlement(
  deps: CryptoDeps,
  quote: QuoteRow,
  settled: { paid: bigint; blockTime: Date },
  caller: Caller,
): Promise<void> {
  const quoted = BigInt(quote.amountBase);
  if (settled.paid < minimumAccepted(quoted, TOLERANCE_BASIS_POINTS[quote.currency])) {
    throw reject(
      6,
      `${settled.paid} base units were paid; the quote asks for ${quoted} (${quote.amountDisplay} ${quote.currency}).`,
    );
  }
  const sent = settled.blockTime.getTime();
  if (sent < quote.createdAt.getTime() - CLOCK_SKEW_MS) throw reject(8, 'the transaction is older than the quote.');
  if (sent > quote.expiresAt.getTime() + QUOTE_GRACE_MS) {
    throw reject(
      8,
      'the transaction was sent after the quote expired; reopen the subscription from Billing for a fresh amount.',
    );
  }
  if (quote.userId !== caller.user.id) throw reject(9, 'the quote belongs to someone else.');
  if (settled.paid === quoted) return;
  const [other] = await deps.db
    .select({ id: cryptoQuotes.id })
    .from(cryptoQuotes)
    .where(
      and(
        eq(cryptoQuotes.currency, quote.currency),
        eq(cryptoQuotes.amountBase, settled.paid.toString()),
        ne(cryptoQuotes.id, quote.id),
        lte(cryptoQuotes.createdAt, new Date(sent + CLOCK_SKEW_MS)),
        gte(cryptoQuotes.expiresAt, new Date(sent - QUOTE_GRACE_MS)),
      ),
    )
    .limit(1);
  if (other !== undefined) throw reject(9, 'the amount paid is the exact amount of another open quote.');
}

async function quoteById(deps: CryptoDeps, id: string): Promise<QuoteRow | null> {
  const [quote] = await deps.db.select().from(cryptoQuotes).where(eq(cryptoQuotes.id, id));
  return quote ?? null;
}

/** Reserves the hash for this user and subscription while it is pending; someone else's reservation is 409. */
async function reserve(
  deps: CryptoDeps,
  caller: Caller,
  subscription: SubscriptionRow,
  quote: QuoteRow,
  hash: string,
): Promise<void> {
  const chain = CRYPTO_CHAIN[subscription.currency];
  await deps.db
    .insert(chainPayments)
    .values({
      chain,
      txHash: hash,
      userId: caller.user.id,
      subscriptionId: subscription.id,
      quoteId: quote.id,
    })
    .onConflictDoNothing();
  const [claim] = await deps.db
    .select()
    .from(chainPayments)
    .where(and(eq(chainPayments.chain, chain), eq(chainPayments.txHash, hash)));
  if (
    claim === undefined ||
    claim.userId !== caller.user.id ||
    claim.subscriptionId !== subscription.id ||
    claim.status !== 'pending'
  ) {
    throw alreadyUsed();
  }
}

/**
 * Verifies a transaction hash against the chain by the nine rules of payments-reference §3.6. Pending (not
 * found or not confirmed yet) answers `pending` with the hash reserved for the caller; a broken rule is 422;
 * a payment that passes is, in one transaction, the accepted claim, a completed MONITORING order, the month
 * on the subscription and the quote for the next one.
 */
export async function paySubscription(
  deps: CryptoDeps,
  caller: Caller,
  input: { id: string; transactionHash: string },
): Promise<PayCryptoSubscriptionResponse> {
  const row = await ownSubscription(deps, caller, input.id);
  const { subscription } = row;
  const hash = normalisedHash(subscription.currency, input.transactionHash);
  const chain = CRYPTO_CHAIN[subscription.currency];
  const [claim] = await deps.db
    .select()
    .from(chainPayments)
    .where(and(eq(chainPayments.chain, chain), eq(chainPayments.txHash, hash)));
  if (
    claim !== undefined &&
    (claim.userId !== caller.user.id || claim.status !== 'pending' || claim.subscriptionId !== subscription.id)
  ) {
    throw alreadyUsed();
  }
  // A hash reserved while pending is judged against the quote it was reserved for, even if a newer one replaced it.
  const quote = claim?.quoteId != null ? await quoteById(deps, claim.quoteId) : row.quote;
  if (quote === null)
    throw new AppError('CONFLICT', 'This subscription has no quote to pay; open it again from Billing.');

  const inspection = await deps.inspect({
    currency: subscription.currency,
    hash,
    recipient: subscription.recipientAddress,
  });
  if (inspection.outcome === 'rejected') throw reject(inspection.rule, inspection.reason);
  if (inspection.outcome === 'pending') {
    await reserve(deps, caller, subscription, quote, hash);
    return {
      verified: false,
      pending: true,
      message: `Payment pending: ${inspection.reason} Submit the same hash again in a moment.`,
      subscription: toSubscription(deps.config.chain, row),
    };
  }
  await judgeSettlement(deps, quote, inspection, caller);
  const prices = await pricesFor(deps, subscription.currency);
  const now = deps.now();
  const renewed = await deps.db.transaction(async (tx) => {
    const accepted = await tx
      .insert(chainPayments)
      .values({
        chain,
        txHash: hash,
        userId: caller.user.id,
        subscriptionId: subscription.id,
        quoteId: quote.id,
        status: 'accepted',
        amountBase: inspection.paid.toString(),
        acceptedAt: now,
      })
      .onConflictDoUpdate({
        target: [chainPayments.chain, chainPayments.txHash],
        set: { status: 'accepted', quoteId: quote.id, amountBase: inspection.paid.toString(), acceptedAt: now },
        setWhere: and(
          eq(chainPayments.status, 'pending'),
          eq(chainPayments.userId, caller.user.id),
          eq(chainPayments.subscriptionId, subscription.id),
        ),
      })
      .returning({ id: chainPayments.id });
    if (accepted.length === 0) throw alreadyUsed();
    // The subscription's row lock orders acceptances; then a quote already paid by another hash is refused.
    await tx
      .select({ id: cryptoSubscriptions.id })
      .from(cryptoSubscriptions)
      .where(eq(cryptoSubscriptions.id, subscription.id))
      .for('update');
    const [paidBefore] = await tx
      .select({ id: chainPayments.id })
      .from(chainPayments)
      .where(
        and(eq(chainPayments.quoteId, quote.id), eq(chainPayments.status, 'accepted'), ne(chainPayments.txHash, hash)),
      )
      .limit(1);
    if (paidBefore !== undefined)
      throw new AppError('CONFLICT', 'This amount has already been paid by another transaction.');
    const order = await createOrder(tx, {
      userId: caller.user.id,
      serverId: subscription.serverId,
      product: 'MONITORING',
      provider: 'crypto',
      cryptoCurrency: subscription.currency,
      cryptoAmount: quote.amountDisplay,
    });
    await tx.update(orders).set({ providerRef: hash }).where(eq(orders.id, order.id));
    const { fulfilled } = await fulfilOrderIn(tx, { orderId: order.id, providerPaymentId: hash, now });
    if (!fulfilled) throw new Error('a fresh order was not fulfilled');
    await tx.update(chainPayments).set({ orderId: order.id }).where(eq(chainPayments.txHash, hash));
    const next = await storeQuote(tx, {
      userId: caller.user.id,
      currency: subscription.currency,
      usdCents: subscription.usdCents,
      prices,
      now,
    });
    const due =
      subscription.nextPaymentDue !== null && subscription.nextPaymentDue > now ? subscription.nextPaymentDue : now;
    const [updated] = await tx
      .update(cryptoSubscriptions)
      .set({
        status: 'active',
        isActive: true,
        activatedAt: subscription.activatedAt ?? now,
        nextPaymentDue: oneMonthAfter(due),
        reminderSentAt: null,
        quoteId: next.id,
        updatedAt: now,
      })
      .where(eq(cryptoSubscriptions.id, subscription.id))
      .returning();
    if (updated === undefined) throw new Error('the subscription was not updated');
    return { subscription: updated, quote: next };
  });
  return {
    verified: true,
    pending: false,
    message: 'Payment verified',
    subscription: toSubscription(deps.config.chain, { ...renewed, serverName: row.serverName }),
  };
}
