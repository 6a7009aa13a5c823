import { z } from 'zod';
import { COUPON_CODE_MAX_LENGTH, COUPON_CODE_MIN_LENGTH, normalizeCouponCode } from '../coupon-code.js';
import { COUPON_DEFAULT_MAX_USES } from '../commerce-rules.js';
import { IdParams } from './audits.js';
import { endpoint } from './endpoint.js';
import { ErrorCode } from './errors.js';

/** POST /api/coupons/redeem. */
export const RedeemCouponRequest = z.object({
  couponCode: z
    .string()
    .transform(normalizeCouponCode)
    .pipe(
      z
        .string()
        .min(COUPON_CODE_MIN_LENGTH)
        .max(COUPON_CODE_MAX_LENGTH)
        .regex(/^[A-Z0-9-]+$/),
    ),
  serverId: z.string().min(1),
});
export type RedeemCouponRequest = z.input<typeof RedeemCouponRequest>;

/** The audit may not exist yet when the answer is sent; the screen then says 'Starting...'. */
export const RedeemCouponResponse = z.object({
  redemptionId: z.string().nullable().optional(),
  auditId: z.string().nullable().optional(),
});
export type RedeemCouponResponse = z.infer<typeof RedeemCouponResponse>;

/** Error codes the redeem endpoint answers with; the redeem screen shows one message per code. */
export const CouponErrorCode = ErrorCode.extract([
  'COUPON_NOT_FOUND',
  'COUPON_REVOKED',
  'COUPON_EXPIRED',
  'COUPON_SERVER_RESTRICTED',
  'COUPON_EXHAUSTED',
  'USER_ALREADY_REDEEMED',
]);
export type CouponErrorCode = z.infer<typeof CouponErrorCode>;

export const redeemCoupon = endpoint({
  name: 'redeemCoupon',
  method: 'POST',
  path: '/api/coupons/redeem',
  access: 'user',
  summary: "Redeem a coupon on one of the caller's servers and start its audit.",
  body: RedeemCouponRequest,
  response: RedeemCouponResponse,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED', ...CouponErrorCode.options],
});

/** POST /api/paywall/redeem: the paywall's coupon form; refusals carry COUPON_REFUSAL_MESSAGES. */
export const redeemPaywallCoupon = endpoint({
  name: 'redeemPaywallCoupon',
  method: 'POST',
  path: '/api/paywall/redeem',
  access: 'user',
  summary: "Redeem a coupon from the paywall's form (the same rules as /api/coupons/redeem).",
  body: RedeemCouponRequest,
  // `success` first: the compiled serializer writes required properties before optional ones, and the
  // answer must be byte for byte what the declaration describes (docs/decisions/0018).
  response: z.object({ success: z.literal(true), ...RedeemCouponResponse.shape }),
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED', ...CouponErrorCode.options],
});

export const Coupon = z.object({
  id: z.string(),
  /** Masked: only the last 4 characters are ever sent after creation. */
  code: z.string(),
  codeLast4: z.string(),
  description: z.string().nullable(),
  uses: z.number().int(),
  maxUses: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revoked: z.boolean(),
  singleServerOnly: z.boolean(),
  serverIdAllowed: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type Coupon = z.infer<typeof Coupon>;

export const CreateCouponRequest = z.object({
  description: z.string().trim().max(500).optional(),
  expiresAt: z.string().datetime({ offset: true }).optional(),
  maxUses: z.number().int().min(1).max(100_000).default(COUPON_DEFAULT_MAX_USES),
  singleServerOnly: z.boolean().default(true),
  serverIdAllowed: z.string().trim().min(1).max(100).optional(),
  /** Must be a JSON object (not an array, string or null). */
  metadata: z.record(z.string(), z.unknown()).default({}),
});
export type CreateCouponRequest = z.input<typeof CreateCouponRequest>;
/** The full code, in this answer only. */
export const CreatedCoupon = Coupon.extend({ fullCode: z.string() });

export const listCoupons = endpoint({
  name: 'listCoupons',
  method: 'GET',
  path: '/api/admin/coupons',
  access: 'admin',
  summary: 'Every coupon, newest first, codes masked.',
  response: z.array(Coupon),
  status: 200,
  errors: ['UNAUTHORIZED', 'FORBIDDEN'],
});

export const createCoupon = endpoint({
  name: 'createCoupon',
  method: 'POST',
  path: '/api/admin/coupons',
  access: 'admin',
  summary: 'Create a coupon; the full code is in this answer and never again.',
  body: CreateCouponRequest,
  response: CreatedCoupon,
  status: 201,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN'],
});

export const revokeCoupon = endpoint({
  name: 'revokeCoupon',
  method: 'POST',
  path: '/api/admin/coupons/:id/revoke',
  access: 'admin',
  summary: 'Revoke a coupon; it can no longer be redeemed. Cannot be undone.',
  params: IdParams,
  response: Coupon,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'],
});

export const deleteCoupon = endpoint({
  name: 'deleteCoupon',
  method: 'DELETE',
  path: '/api/admin/coupons/:id',
  access: 'admin',
  summary: 'Delete a coupon; its past redemptions stay on record. Cannot be undone.',
  params: IdParams,
  response: z.object({ ok: z.literal(true) }),
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'],
});
