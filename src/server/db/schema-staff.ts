import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { STORED_CERTIFICATE_STATUSES } from '../../shared/certificate-rules.js';
import { audits, createdAt, servers, users } from './schema.js';

/**
 * A certificate rests on one completed audit of its server. At most one `pending` and one `issued`
 * certificate per server: a newer one supersedes the older (the partial unique indexes hold that
 * whichever instance writes). `certificate_id` is the public, unguessable id of /verify and /badge.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    certificateId: text('certificate_id').notNull().unique(),
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    auditId: uuid('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    status: text('status', { enum: STORED_CERTIFICATE_STATUSES }).notNull().default('pending'),
    /** The audit's numbers of record when the certificate was created. */
    riskScore: integer('risk_score').notNull(),
    criticalIssues: integer('critical_issues').notNull(),
    checklistVersion: text('checklist_version').notNull(),
    rejectionReason: text('rejection_reason'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('certificates_audit_idx').on(table.auditId),
    uniqueIndex('certificates_one_pending_per_server')
      .on(table.serverId)
      .where(sql`${table.status} = 'pending'`),
    uniqueIndex('certificates_one_issued_per_server')
      .on(table.serverId)
      .where(sql`${table.status} = 'issued'`),
    index('certificates_server_created_idx').on(table.serverId, table.createdAt),
  ],
);

/** Staff's decision on a server's cold super user (CSU) account; no row means Pending. */
export const csuVerifications = pgTable('csu_verifications', {
  serverId: uuid('server_id')
    .primaryKey()
    .references(() => servers.id, { onDelete: 'cascade' }),
  verified: boolean('verified').notNull(),
  adminNotes: text('admin_notes'),
  decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A QA account that signs in with a username and password (when test-account sign-in is enabled) as
 * the user it is bound to. Only the argon2id hash of the password is kept.
 */
export const testAccounts = pgTable('test_accounts', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Stored lower-cased: sign-in compares usernames without case. */
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  isAdmin: boolean('is_admin').notNull().default(false),
  /** True when the user row was made for this account (deleting the account deletes it too). */
  ownsUser: boolean('owns_user').notNull(),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** The audit trail: every staff action, who did it, to what, when, and what it changed. Never updated. */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's display name when they acted, kept after the account is gone. */
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    summary: text('summary').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('staff_actions_created_idx').on(table.createdAt),
    index('staff_actions_target_idx').on(table.targetType, table.targetId),
  ],
);
