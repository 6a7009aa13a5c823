import { z } from 'zod';
import {
  INVALID_WEBHOOK_URL_MESSAGE,
  MAX_SCORE_DROP_THRESHOLD,
  MIN_SCORE_DROP_THRESHOLD,
  MONITORING_CADENCES,
  MONITORING_PAUSE_REASONS,
  parseDiscordWebhookUrl,
} from '../monitoring-rules.js';
import { CheckId, Severity } from '../audit-contract.js';
import { IdParams } from './audits.js';
import { endpoint } from './endpoint.js';

export const MonitoringCadence = z.enum(MONITORING_CADENCES);

/**
 * A server's monitoring as its owner side (and staff) see it. `active` is what the scheduler acts on:
 * enabled, eligible (a monitoring subscription or staff's switch) and not paused. The webhook URL is never
 * sent back, only whether one is stored and its hint.
 */
export const MonitoringSettings = z.object({
  serverId: z.string(),
  enabled: z.boolean(),
  active: z.boolean(),
  eligibility: z.object({
    /** An active monthly monitoring subscription on this server. */
    subscription: z.boolean(),
    /** Staff switched monitoring on for this server. */
    staff: z.boolean(),
  }),
  cadence: MonitoringCadence,
  scoreDropThreshold: z.number().int(),
  nextRunAt: z.string().nullable(),
  lastScheduledAt: z.string().nullable(),
  pausedReason: z.enum(MONITORING_PAUSE_REASONS).nullable(),
  pausedAt: z.string().nullable(),
  webhook: z.object({ configured: z.boolean(), hint: z.string().nullable() }),
});
export type MonitoringSettings = z.infer<typeof MonitoringSettings>;

export const DiscordWebhookUrl = z
  .string()
  .trim()
  .max(300, INVALID_WEBHOOK_URL_MESSAGE)
  .refine((value) => parseDiscordWebhookUrl(value) !== null, INVALID_WEBHOOK_URL_MESSAGE);

/** Fields left out stay as they are; `webhookUrl: null` removes the stored webhook. */
export const UpdateMonitoringRequest = z
  .object({
    enabled: z.boolean().optional(),
    cadence: MonitoringCadence.optional(),
    scoreDropThreshold: z.number().int().min(MIN_SCORE_DROP_THRESHOLD).max(MAX_SCORE_DROP_THRESHOLD).optional(),
    webhookUrl: DiscordWebhookUrl.nullable().optional(),
  })
  .strict();

export const StaffMonitoringRequest = z.object({ staffEnabled: z.boolean() }).strict();

export const TestAlertResponse = z.object({ delivered: z.literal(true) });

export const DriftAlert = z.object({
  auditId: z.string(),
  previousAuditId: z.string().nullable(),
  previousScore: z.number().int(),
  score: z.number().int(),
  newFailures: z.array(z.object({ checkId: CheckId, checkName: z.string(), severity: Severity })),
  webhookStatus: z.enum(['none', 'pending', 'sent', 'failed']),
  createdAt: z.string(),
});
export type DriftAlert = z.infer<typeof DriftAlert>;
export const DriftAlertList = z.array(DriftAlert);

export const getMonitoring = endpoint({
  name: 'getMonitoring',
  method: 'GET',
  path: '/api/servers/:id/monitoring',
  access: 'user',
  summary: "A server's monitoring: cadence, eligibility, next scheduled audit, alert threshold and webhook hint.",
  params: IdParams,
  response: MonitoringSettings,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND'],
});

export const updateMonitoring = endpoint({
  name: 'updateMonitoring',
  method: 'PUT',
  path: '/api/servers/:id/monitoring',
  access: 'user',
  summary:
    'Switch monitoring on or off, choose daily or weekly, set the alert threshold, store or remove the Discord webhook URL.',
  params: IdParams,
  body: UpdateMonitoringRequest,
  response: MonitoringSettings,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'],
});

export const sendTestAlert = endpoint({
  name: 'sendTestAlert',
  method: 'POST',
  path: '/api/servers/:id/monitoring/test-alert',
  access: 'user',
  summary: "Post a test message to the server's stored Discord webhook.",
  params: IdParams,
  response: TestAlertResponse,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', 'UPSTREAM_UNAVAILABLE'],
});

export const listDriftAlerts = endpoint({
  name: 'listDriftAlerts',
  method: 'GET',
  path: '/api/servers/:id/drift-alerts',
  access: 'user',
  summary: "A server's drift alerts, newest first (the latest 100).",
  params: IdParams,
  response: DriftAlertList,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND'],
});

export const setStaffMonitoring = endpoint({
  name: 'setStaffMonitoring',
  method: 'PUT',
  path: '/api/admin/servers/:id/monitoring',
  access: 'admin',
  summary: 'Staff switch monitoring on or off for a server without a subscription.',
  params: IdParams,
  body: StaffMonitoringRequest,
  response: MonitoringSettings,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'],
});
