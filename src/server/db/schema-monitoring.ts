import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  DEFAULT_SCORE_DROP_THRESHOLD,
  MONITORING_CADENCES,
  MONITORING_PAUSE_REASONS,
} from '../../shared/monitoring-rules.js';
import { audits, createdAt, servers, users } from './schema.js';

/**
 * A server's monitoring (issue 12). It runs while `enabled` and the server is eligible (an active monitoring
 * subscription, or `staff_enabled`) and not paused. `next_run_at` is the slot the scheduler claims next,
 * moved on by the conditional update that claims it, so one instance queues each scheduled audit.
 */
export const monitoringSettings = pgTable(
  'monitoring_settings',
  {
    serverId: uuid('server_id')
      .primaryKey()
      .references(() => servers.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    /** Staff switched monitoring on for this server without a subscription. */
    staffEnabled: boolean('staff_enabled').notNull().default(false),
    cadence: text('cadence', { enum: MONITORING_CADENCES }).notNull().default('weekly'),
    scoreDropThreshold: integer('score_drop_threshold').notNull().default(DEFAULT_SCORE_DROP_THRESHOLD),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastScheduledAt: timestamp('last_scheduled_at', { withTimezone: true }),
    /** Set when monitoring stopped by itself (the bot left); the owner is told once, when it is set. */
    pausedReason: text('paused_reason', { enum: MONITORING_PAUSE_REASONS }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** The Discord webhook URL alerts are posted to, sealed like Discord tokens; never sent back. */
    alertWebhookEnc: text('alert_webhook_enc'),
    /** What is shown of the webhook URL: its id and the token's last characters. */
    alertWebhookHint: text('alert_webhook_hint'),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('monitoring_settings_due_idx')
      .on(table.nextRunAt)
      .where(sql`${table.enabled}`),
  ],
);

export interface DriftChange {
  checkId: string;
  checkName: string;
  severity: string;
}

/**
 * A drift alert: at most one per audit (its primary key), raised when a scheduled audit's score fell by the
 * server's threshold or a CRITICAL or HIGH check newly failed. The Discord message is delivered after commit
 * and retried by the sweep while `webhook_status` is `pending`.
 */
export const driftAlerts = pgTable(
  'drift_alerts',
  {
    auditId: uuid('audit_id')
      .primaryKey()
      .references(() => audits.id, { onDelete: 'cascade' }),
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    previousAuditId: uuid('previous_audit_id').references(() => audits.id, { onDelete: 'set null' }),
    previousScore: integer('previous_score').notNull(),
    score: integer('score').notNull(),
    newFailures: jsonb('new_failures').$type<DriftChange[]>().notNull(),
    webhookStatus: text('webhook_status', { enum: ['none', 'pending', 'sent', 'failed'] }).notNull(),
    webhookAttempts: integer('webhook_attempts').notNull().default(0),
    webhookLastError: text('webhook_last_error'),
    webhookSentAt: timestamp('webhook_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('drift_alerts_server_created_idx').on(table.serverId, table.createdAt)],
);
