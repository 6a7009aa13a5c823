import { z } from 'zod';

export const PlanId = z.enum(['DIY', 'FULL_SERVICE', 'COUPON', 'BYPASS']);
export type PlanId = z.infer<typeof PlanId>;

export const Entitlement = z.object({
  id: z.string(),
  plan: PlanId,
  source: z.string(),
  serverId: z.string().nullable(),
  createdAt: z.string(),
});
export type Entitlement = z.infer<typeof Entitlement>;

export const EntitlementList = z.array(Entitlement);
