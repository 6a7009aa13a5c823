import { z } from 'zod';
import { IdParams } from './audits.js';
import { endpoint } from './endpoint.js';
import { PlanId } from './entitlements.js';

/** One entitlement as staff see it on the admin page; `provider` is where it came from (stripe, coupon...). */
export const AdminEntitlement = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  /** Null: the entitlement covers every server of its user. */
  serverId: z.string().nullable(),
  serverName: z.string().nullable(),
  plan: PlanId,
  paid: z.boolean(),
  provider: z.string(),
  amountUsd: z.number(),
  createdAt: z.string(),
});
export type AdminEntitlement = z.infer<typeof AdminEntitlement>;

export const ENGAGEMENT_STATUSES = ['NEW', 'IN_PROGRESS', 'COMPLETED', 'ON_HOLD', 'CANCELLED'] as const;
export const EngagementStatus = z.enum(ENGAGEMENT_STATUSES);
export type EngagementStatus = z.infer<typeof EngagementStatus>;

export const ServiceEngagement = z.object({
  id: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  plan: z.string(),
  status: EngagementStatus,
  engineerNotes: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ServiceEngagement = z.infer<typeof ServiceEngagement>;

/**
 * The spec's client sends completedAt itself; the server accepts it but sets its own (now when COMPLETED,
 * null otherwise), so a client's clock never decides when work was done.
 */
export const UpdateServiceEngagementRequest = z.object({
  status: EngagementStatus,
  engineerNotes: z.string().max(10_000).nullable().optional(),
  completedAt: z.string().nullable().optional(),
});
export type UpdateServiceEngagementRequest = z.input<typeof UpdateServiceEngagementRequest>;

export const listAdminEntitlements = endpoint({
  name: 'listAdminEntitlements',
  method: 'GET',
  path: '/api/admin/entitlements',
  access: 'admin',
  summary: 'Every entitlement with its user and server, newest first (staff only).',
  response: z.array(AdminEntitlement),
  status: 200,
  errors: ['UNAUTHORIZED', 'FORBIDDEN'],
});

export const listServiceEngagements = endpoint({
  name: 'listServiceEngagements',
  method: 'GET',
  path: '/api/admin/service-engagements',
  access: 'admin',
  summary: 'Every Full Service engagement, newest first (staff only).',
  response: z.array(ServiceEngagement),
  status: 200,
  errors: ['UNAUTHORIZED', 'FORBIDDEN'],
});

export const updateServiceEngagement = endpoint({
  name: 'updateServiceEngagement',
  method: 'PUT',
  path: '/api/admin/service-engagements/:id',
  access: 'admin',
  summary: "Set an engagement's status (any to any) and engineer notes; completedAt is set by the server.",
  params: IdParams,
  body: UpdateServiceEngagementRequest,
  response: ServiceEngagement,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'],
});
