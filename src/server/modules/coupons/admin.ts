import { randomInt } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  COUPON_CODE_PREFIX,
  COUPON_RANDOM_LENGTH,
  COUPON_VISIBLE_SUFFIX,
  maskCouponCode,
} from '../../../shared/commerce-rules.js';
import type { Coupon, CreateCouponRequest, CreatedCoupon } from '../../../shared/contracts/coupons.js';
import { normalizeCouponCode } from '../../../shared/coupon-code.js';
import { sha256 } from '../../crypto.js';
import type { Database } from '../../db/client.js';
import { coupons } from '../../db/schema-commerce.js';
import { AppError, notFound } from '../../errors.js';
import { recordStaffAction, type StaffActionInput } from '../staff-actions/record.js';

type CouponRow = typeof coupons.$inferSelect;
type NewCoupon = z.output<typeof CreateCouponRequest>;
type CreatedCouponAnswer = z.output<typeof CreatedCoupon>;
type Actor = StaffActionInput['actor'];

/** Uppercase letters and digits without those read alike (0/O, 1/I/L): codes are read aloud and retyped. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newCouponCode(): string {
  let random = '';
  for (let i = 0; i < COUPON_RANDOM_LENGTH; i += 1) random += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${COUPON_CODE_PREFIX}${random}`;
}

/** How a code is looked up: the SHA-256 of its normalised form, so a stolen table yields no code. */
export function couponCodeHash(code: string): string {
  return sha256(normalizeCouponCode(code));
}

export function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: maskCouponCode(row.codeLast4),
    codeLast4: row.codeLast4,
    description: row.description,
    uses: row.uses,
    maxUses: row.maxUses,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revoked: row.revokedAt !== null,
    singleServerOnly: row.singleServerOnly,
    serverIdAllowed: row.serverIdAllowed,
    metadata: row.metadata,
  };
}

/** What the audit trail keeps of a coupon: its last 4 characters, never the code or its hash. */
function trailOf(row: CouponRow) {
  return {
    codeLast4: row.codeLast4,
    description: row.description,
    uses: row.uses,
    maxUses: row.maxUses,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revoked: row.revokedAt !== null,
    singleServerOnly: row.singleServerOnly,
    serverIdAllowed: row.serverIdAllowed,
  };
}

const named = (row: CouponRow) => `the coupon ${maskCouponCode(row.codeLast4)}`;

export async function listCoupons(db: Database): Promise<Coupon[]> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
  return rows.map(toCoupon);
}

/** Stores the code's hash and last 4 characters; the full code leaves in this answer only. */
export async function createCoupon(
  db: Database,
  input: { coupon: NewCoupon; actor: Actor },
): Promise<CreatedCouponAnswer> {
  const { coupon } = input;
  if (!coupon.singleServerOnly && coupon.serverIdAllowed !== undefined) {
    throw new AppError(
      'BAD_REQUEST',
      'serverIdAllowed restricts a coupon to one server: send it only with singleServerOnly on.',
    );
  }
  const fullCode = newCouponCode();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(coupons)
      .values({
        codeHash: couponCodeHash(fullCode),
        codeLast4: fullCode.slice(-COUPON_VISIBLE_SUFFIX),
        description: coupon.description === undefined || coupon.description === '' ? null : coupon.description,
        maxUses: coupon.maxUses,
        expiresAt: coupon.expiresAt === undefined ? null : new Date(coupon.expiresAt),
        singleServerOnly: coupon.singleServerOnly,
        serverIdAllowed: coupon.serverIdAllowed ?? null,
        metadata: coupon.metadata,
        createdByUserId: input.actor.id,
      })
      .returning();
    if (inserted === undefined) throw new Error('the coupon was not inserted');
    await recordStaffAction(tx, {
      actor: input.actor,
      action: 'coupon.create',
      targetType: 'coupon',
      targetId: inserted.id,
      summary: `Created ${named(inserted)}.`,
      after: trailOf(inserted),
    });
    return inserted;
  });
  return { ...toCoupon(row), fullCode };
}

/** Revoking twice keeps the first revocation's time (and the trail records both requests). */
export async function revokeCoupon(
  db: Database,
  input: { couponId: string; now: Date; actor: Actor },
): Promise<Coupon> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, input.couponId)).for('update');
    if (before === undefined) throw notFound('Coupon');
    const [row] = await tx
      .update(coupons)
      .set({ revokedAt: sql`coalesce(${coupons.revokedAt}, ${input.now})` })
      .where(eq(coupons.id, input.couponId))
      .returning();
    if (row === undefined) throw notFound('Coupon');
    await recordStaffAction(tx, {
      actor: input.actor,
      action: 'coupon.revoke',
      targetType: 'coupon',
      targetId: row.id,
      summary: `Revoked ${named(row)}.`,
      before: trailOf(before),
      after: trailOf(row),
    });
    return toCoupon(row);
  });
}

/** Its redemptions and the entitlements they granted stay; they merely lose the link to the coupon. */
export async function deleteCoupon(db: Database, input: { couponId: string; actor: Actor }): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(coupons).where(eq(coupons.id, input.couponId)).returning();
    if (deleted === undefined) throw notFound('Coupon');
    await recordStaffAction(tx, {
      actor: input.actor,
      action: 'coupon.delete',
      targetType: 'coupon',
      targetId: deleted.id,
      summary: `Deleted ${named(deleted)}.`,
      before: trailOf(deleted),
    });
  });
}
