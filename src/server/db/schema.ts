import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  CheckCategory,
  CheckId,
  CheckStatus,
  EngineStatus,
  Severity,
  type CheckReference,
} from '../../shared/audit-contract.js';
import { OVERRIDE_KINDS } from '../../shared/certification.js';
import { AuditStatus } from '../../shared/contracts/audits.js';
import { PlanId } from '../../shared/contracts/entitlements.js';
import type { CheckEvidence } from '../../shared/findings.js';
import { AUDIT_TRIGGERS } from '../../shared/monitoring-rules.js';

/**
 * A shared zod enum's values in the non-empty tuple form Drizzle asks for, so a column accepts exactly
 * what the contract does. Only the TypeScript types change: the columns stay plain `text` in SQL.
 */
function valuesOf<T extends Readonly<Record<string, string>>>(schema: z.ZodEnum<T>) {
  return schema.options as [T[keyof T], ...T[keyof T][]];
}

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  discordId: text('discord_id').notNull().unique(),
  username: text('username').notNull(),
  discriminator: text('discriminator').notNull().default('0'),
  globalName: text('global_name'),
  avatar: text('avatar'),
  mfaEnabled: boolean('mfa_enabled'),
  /** Discord user token, encrypted with the session secret (AES-256-GCM); never sent to clients. */
  discordAccessTokenEnc: text('discord_access_token_enc'),
  discordTokenExpiresAt: timestamp('discord_token_expires_at', { withTimezone: true }),
  /** When the user's manageable servers were last asked of Discord; access checks ask again when stale. */
  guildsCheckedAt: timestamp('guilds_checked_at', { withTimezone: true }),
  /** Staff through an admin test account (schema-staff.ts), besides the configured ADMIN_DISCORD_IDS. */
  testAccountAdmin: boolean('test_account_admin').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the opaque cookie token: a stolen database does not yield usable sessions. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier'),
  popup: boolean('popup').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const servers = pgTable('servers', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  discordId: text('discord_id').notNull().unique(),
  name: text('name').notNull(),
  icon: text('icon'),
  ownerDiscordId: text('owner_discord_id'),
  memberCount: integer('member_count').notNull().default(0),
  roleCount: integer('role_count').notNull().default(0),
  channelCount: integer('channel_count').notNull().default(0),
  botCount: integer('bot_count').notNull().default(0),
  /** When an audit last read the counts above from the bot's view; null until then (the counts mean nothing yet). */
  factsReadAt: timestamp('facts_read_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which users may manage which servers, as Discord last reported it. */
export const userServers = pgTable(
  'user_servers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    isOwner: boolean('is_owner').notNull(),
    permissions: text('permissions').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.serverId] }),
    index('user_servers_server_idx').on(table.serverId),
  ],
);

export const entitlements = pgTable(
  'entitlements',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: valuesOf(PlanId) }).notNull(),
    /** Where the entitlement came from: 'demo-seed', 'stripe', 'nowpayments', 'crypto', 'coupon', 'bypass'. */
    source: text('source').notNull(),
    /** Bought rather than granted; the admin's revenue counts paid entitlements only. */
    paid: boolean('paid').notNull().default(false),
    amountCents: integer('amount_cents').notNull().default(0),
    // Cascade, not set null: a server-bound entitlement must never turn into one for every server.
    serverId: uuid('server_id').references(() => servers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [index('entitlements_user_idx').on(table.userId)],
);

export const audits = pgTable(
  'audits',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: valuesOf(AuditStatus) })
      .notNull()
      .default('pending'),
    /** 1–8: the progress step the run has reached, as labelled on the progress card. */
    progressStep: integer('progress_step').notNull().default(0),
    failureReason: text('failure_reason'),
    riskScore: integer('risk_score'),
    totalChecks: integer('total_checks').notNull().default(0),
    passedChecks: integer('passed_checks').notNull().default(0),
    failedChecks: integer('failed_checks').notNull().default(0),
    unknownChecks: integer('unknown_checks').notNull().default(0),
    criticalIssues: integer('critical_issues').notNull().default(0),
    highIssues: integer('high_issues').notNull().default(0),
    mediumIssues: integer('medium_issues').notNull().default(0),
    lowIssues: integer('low_issues').notNull().default(0),
    /** The numbers above are of record; an owner's self-attested overrides only show here. */
    selfAttestedOverrides: integer('self_attested_overrides').notNull().default(0),
    selfAttestedRiskScore: integer('self_attested_risk_score'),
    restCalls: integer('rest_calls'),
    /** A scheduled audit (monitoring) never counts against the quota; a manual one does. */
    trigger: text('trigger', { enum: AUDIT_TRIGGERS }).notNull().default('manual'),
    /** A run holds the audit only while its lease is fresh; an expired lease means its process died. */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    /** The instance identity (docs/decisions/0010) holding the lease: a restarted process takes its own orphans back at once. */
    leaseHolder: text('lease_holder'),
    /** New for every claim: only the run holding the current token may write (fencing). */
    claimToken: uuid('claim_token'),
    /** Runs started; a run handed back at a graceful stop is not counted. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('audits_server_created_idx').on(table.serverId, table.createdAt),
    // At most one queued or running audit per server, whichever instance asks.
    uniqueIndex('audits_one_active_per_server')
      .on(table.serverId)
      .where(sql`${table.status} in ('pending', 'running')`),
  ],
);

export const checkResults = pgTable(
  'check_results',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    auditId: uuid('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    checkId: text('check_id', { enum: valuesOf(CheckId) }).notNull(),
    checkName: text('check_name').notNull(),
    category: text('category', { enum: valuesOf(CheckCategory) }).notNull(),
    severity: text('severity', { enum: valuesOf(Severity) }).notNull(),
    status: text('status', { enum: valuesOf(CheckStatus) }).notNull(),
    /** What the engine found, kept when an override changes `status`. */
    engineStatus: text('engine_status', { enum: valuesOf(EngineStatus) }).notNull(),
    remediation: text('remediation').notNull(),
    whyThisMatters: text('why_this_matters').notNull(),
    evidenceGuidance: text('evidence_guidance').notNull(),
    requiresManualEvidence: boolean('requires_manual_evidence').notNull(),
    references: jsonb('references').$type<CheckReference[]>().notNull(),
    evidence: jsonb('evidence').$type<CheckEvidence>().notNull(),
    waiveReason: text('waive_reason'),
    /** Null for the engine's result; otherwise who stands behind `status` (docs/decisions/0009). */
    overrideKind: text('override_kind', { enum: OVERRIDE_KINDS }),
    overrideReason: text('override_reason'),
    overriddenByUserId: uuid('overridden_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    overriddenAt: timestamp('overridden_at', { withTimezone: true }),
    /** What the overrider submitted to back the override (POST /api/checks/{checkId}/evidence). */
    overrideEvidence: text('override_evidence'),
    overrideEvidenceAt: timestamp('override_evidence_at', { withTimezone: true }),
    /** The waiver (schema-evidence.ts) behind a WAIVED status granted by approved evidence, and when it ends. */
    waiverId: uuid('waiver_id'),
    waiverExpiresAt: timestamp('waiver_expires_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('check_results_audit_check_idx').on(table.auditId, table.checkId)],
);

/**
 * Request counters of the rate limits, shared by every instance: one row per client bucket, whose
 * window starts with its first hit and ends at `expires_at`.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_expires_idx').on(table.expiresAt)],
);

export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres answers a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => Buffer.from(value),
});

/** The last rendered PDF report of an audit, valid while `version` (a digest of what it shows) matches. */
export const auditReports = pgTable('audit_reports', {
  auditId: uuid('audit_id')
    .primaryKey()
    .references(() => audits.id, { onDelete: 'cascade' }),
  version: text('version').notNull(),
  pdf: bytea('pdf').notNull(),
  createdAt: createdAt(),
});
