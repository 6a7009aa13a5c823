import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { COUPON_REFUSAL_MESSAGES } from '../../../shared/commerce-rules.js';
import type { CouponErrorCode } from '../../../shared/contracts/coupons.js';
import type { Database } from '../../db/client.js';
import type { ServerRow } from '../../db/rows.js';
import { couponRedemptions, coupons } from '../../db/schema-commerce.js';
import { entitlements } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findAccessibleServer } from '../audits/access.js';
import type { StartAudit } from '../audits/service.js';
import type { Caller } from '../auth/caller.js';
import type { Transaction } from '../orders/fulfilment.js';
import { couponCodeHash } from './admin.js';
import { guardCodeAttempt, WRONG_CODE } from './code-guesses.js';

type CouponRow = typeof coupons.$inferSelect;

export interface RedeemDeps {
  db: Database;
  startAudit: StartAudit;
  now: () => Date;
  log: FastifyBaseLogger;
}

export interface Redemption {
  redemptionId: string;
  /** Null when the audit could not start at once (one is already running there): the owner starts it later. */
  auditId: string | null;
}

/** The message carries the code and the phrase, so both readings of part 2 §8 find their text. */
const refusal = (code: CouponErrorCode) => new AppError(code, COUPON_REFUSAL_MESSAGES[code]);

/**
 * Redeems a coupon on one of the caller's servers, then starts its audit. The rules, in this order: the
 * server is one the caller may manage ('Server not found'), the code exists (a wrong one counts as a
 * guess), not revoked, not expired, the server restriction, not already redeemed by this user on this
 * server, not exhausted. A conditional update of `uses` admits the redemption in the transaction that
 * records it and grants the COUPON entitlement, so N parallel redemptions of a coupon for k uses grant k.
 */
export async function redeemCoupon(
  deps: RedeemDeps,
  input: { caller: Caller; couponCode: string; serverId: string; clientAddress: string },
): Promise<Redemption> {
  const { db } = deps;
  const { caller } = input;
  const server = await findAccessibleServer(db, caller, input.serverId);
  const now = deps.now();
  const outcome = await guardCodeAttempt(
    db,
    { kind: 'coupon', userId: caller.user.id, clientAddress: input.clientAddress, now },
    async (tx) => {
      // The row lock orders redemptions of one coupon, so "the server of the first redemption" is settled.
      const [coupon] = await tx
        .select()
        .from(coupons)
        .where(eq(coupons.codeHash, couponCodeHash(input.couponCode)))
        .for('update');
      if (coupon === undefined) return WRONG_CODE;
      await refuseUnredeemable(tx, { coupon, server, userId: caller.user.id, now });
      return admit(tx, { coupon, server, userId: caller.user.id, now });
    },
  );
  if (outcome === WRONG_CODE) throw refusal('COUPON_NOT_FOUND');
  const auditId = await startAuditOf(deps, caller, server.id);
  if (auditId !== null) {
    await db.update(couponRedemptions).set({ auditId }).where(eq(couponRedemptions.id, outcome));
  }
  return { redemptionId: outcome, auditId };
}

async function refuseUnredeemable(
  tx: Transaction,
  input: { coupon: CouponRow; server: ServerRow; userId: string; now: Date },
): Promise<void> {
  const { coupon, server } = input;
  if (coupon.revokedAt !== null) throw refusal('COUPON_REVOKED');
  if (coupon.expiresAt !== null && coupon.expiresAt.getTime() <= input.now.getTime()) throw refusal('COUPON_EXPIRED');
  if (coupon.serverIdAllowed !== null) {
    if (coupon.serverIdAllowed !== server.id && coupon.serverIdAllowed !== server.discordId) {
      throw refusal('COUPON_SERVER_RESTRICTED');
    }
  } else if (coupon.singleServerOnly) {
    const [first] = await tx
      .select({ serverId: couponRedemptions.serverId })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, coupon.id))
      .orderBy(asc(couponRedemptions.createdAt))
      .limit(1);
    if (first !== undefined && first.serverId !== server.id) throw refusal('COUPON_SERVER_RESTRICTED');
  }
  const [redeemed] = await tx
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, coupon.id),
        eq(couponRedemptions.userId, input.userId),
        eq(couponRedemptions.serverId, server.id),
      ),
    )
    .limit(1);
  if (redeemed !== undefined) throw refusal('USER_ALREADY_REDEEMED');
}

/** Takes one use if one is left, grants the server a COUPON entitlement and records the redemption. */
async function admit(
  tx: Transaction,
  input: { coupon: CouponRow; server: ServerRow; userId: string; now: Date },
): Promise<string> {
  const [admitted] = await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(and(eq(coupons.id, input.coupon.id), lt(coupons.uses, coupons.maxUses), isNull(coupons.revokedAt)))
    .returning({ id: coupons.id });
  if (admitted === undefined) throw refusal('COUPON_EXHAUSTED');
  const [entitlement] = await tx
    .insert(entitlements)
    .values({ userId: input.userId, serverId: input.server.id, plan: 'COUPON', source: 'coupon', createdAt: input.now })
    .returning({ id: entitlements.id });
  if (entitlement === undefined) throw new Error('the entitlement was not inserted');
  // The unique index on (coupon, user, server) is the last guard against a second redemption.
  const [redemption] = await tx
    .insert(couponRedemptions)
    .values({
      couponId: input.coupon.id,
      userId: input.userId,
      serverId: input.server.id,
      entitlementId: entitlement.id,
      createdAt: input.now,
    })
    .returning({ id: couponRedemptions.id });
  if (redemption === undefined) throw new Error('the redemption was not inserted');
  return redemption.id;
}

/**
 * The audit the coupon paid for, started once the entitlement is committed. The redemption stands whatever
 * happens here: if the audit cannot start now (one is already running there), the owner starts it later.
 */
async function startAuditOf(deps: RedeemDeps, caller: Caller, serverId: string): Promise<string | null> {
  try {
    return (await deps.startAudit({ caller, serverId })).id;
  } catch (error) {
    if (error instanceof AppError) {
      deps.log.info({ serverId, code: error.code }, 'the audit of a redeemed coupon did not start at once');
    } else {
      deps.log.warn({ err: error, serverId }, 'the audit of a redeemed coupon could not be started');
    }
    return null;
  }
}
