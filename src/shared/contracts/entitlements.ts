import { z } from 'zod';
import { endpoint } from './endpoint.js';

export const PlanId = z.enum(['DIY', 'FULL_SERVICE', 'EXTRA_AUDIT', 'COUPON', 'BYPASS']);
export type PlanId = z.infer<typeof PlanId>;

export const Entitlement = z.object({
  id: z.string(),
  userId: z.string(),
  plan: PlanId,
  source: z.string(),
  /** Bought (card or crypto) rather than granted (coupon, bypass code, demo seed). */
  paid: z.boolean(),
  /** 'stripe', 'nowpayments', 'crypto', 'coupon', 'bypass' or 'demo-seed'. */
  provider: z.string(),
  amountUsd: z.number(),
  serverId: z.string().nullable(),
  createdAt: z.string(),
});
export type Entitlement = z.infer<typeof Entitlement>;

export const EntitlementList = z.array(Entitlement);

export const listEntitlements = endpoint({
  name: 'listEntitlements',
  method: 'GET',
  path: '/api/entitlements',
  access: 'user',
  summary: "The caller's plans and grants.",
  response: EntitlementList,
  status: 200,
  errors: ['UNAUTHORIZED'],
});
