import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CHECK_IDS } from '../../shared/audit-contract.js';
import type { AttachmentInput } from '../../shared/contracts/evidence.js';
import {
  EVIDENCE_FILE_MEDIA_TYPES,
  EVIDENCE_STATUSES,
  EVIDENCE_TYPES,
  NOTIFICATION_TYPES,
  THREAD_STATUSES,
} from '../../shared/evidence-rules.js';
import { audits, bytea, createdAt, servers, users } from './schema.js';

/** What a message carries besides its text: the attachment as sent, with the ids of the files it claimed. */
export type StoredAttachment = Omit<AttachmentInput, 'fileIds'> & { fileIds: string[] };

/**
 * One dispute of one check of one audit: its status moves only on the server (docs/decisions/0023), in the
 * transaction that records the message or decision that moves it.
 */
export const evidenceThreads = pgTable(
  'evidence_threads',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    auditId: uuid('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    checkId: text('check_id', { enum: CHECK_IDS }).notNull(),
    status: text('status', { enum: THREAD_STATUSES }).notNull().default('PENDING_ADMIN'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One thread per check of an audit: evidence on the same check continues it.
    uniqueIndex('evidence_threads_audit_check_idx').on(table.auditId, table.checkId),
    index('evidence_threads_server_idx').on(table.serverId),
    index('evidence_threads_status_updated_idx').on(table.status, table.updatedAt),
  ],
);

export const threadMessages = pgTable(
  'thread_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => evidenceThreads.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    isAdminMessage: boolean('is_admin_message').notNull(),
    body: text('body').notNull(),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [index('thread_messages_thread_created_idx').on(table.threadId, table.createdAt)],
);

export const evidenceSubmissions = pgTable(
  'evidence_submissions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => evidenceThreads.id, { onDelete: 'cascade' }),
    /** The message that carried it. */
    messageId: uuid('message_id')
      .notNull()
      .references(() => threadMessages.id, { onDelete: 'cascade' }),
    auditId: uuid('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    checkId: text('check_id', { enum: CHECK_IDS }).notNull(),
    type: text('type', { enum: EVIDENCE_TYPES }).notNull(),
    content: text('content').notNull(),
    description: text('description'),
    status: text('status', { enum: EVIDENCE_STATUSES }).notNull().default('PENDING'),
    submittedByUserId: uuid('submitted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewNotes: text('review_notes'),
    reviewedByUserId: uuid('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('evidence_submissions_audit_idx').on(table.auditId),
    index('evidence_submissions_server_created_idx').on(table.serverId, table.createdAt),
    index('evidence_submissions_thread_idx').on(table.threadId),
  ],
);

/**
 * Uploaded files, in the database so every instance serves them. A file is claimed by the message that
 * attaches it; until then only its uploader may read or attach it.
 */
export const evidenceFiles = pgTable(
  'evidence_files',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references(() => threadMessages.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mediaType: text('media_type', { enum: EVIDENCE_FILE_MEDIA_TYPES }).notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('evidence_files_message_idx').on(table.messageId),
    index('evidence_files_unclaimed_idx')
      .on(table.createdAt)
      .where(sql`${table.messageId} is null`),
  ],
);

/**
 * An accepted risk: staff approved evidence on a server's check. It applies to every audit of the server
 * until it expires (or is revoked), recording who granted it, when and why.
 */
export const waivers = pgTable(
  'waivers',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    checkId: text('check_id', { enum: CHECK_IDS }).notNull(),
    reason: text('reason').notNull(),
    grantedByUserId: uuid('granted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The evidence whose approval granted it. */
    evidenceId: uuid('evidence_id').references(() => evidenceSubmissions.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the owner side was told it is about to expire, and that it has (each told once). */
    expiryWarnedAt: timestamp('expiry_warned_at', { withTimezone: true }),
    expiredNoticeAt: timestamp('expired_notice_at', { withTimezone: true }),
  },
  (table) => [index('waivers_server_check_idx').on(table.serverId, table.checkId, table.expiresAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    actionUrl: text('action_url'),
    threadId: uuid('thread_id').references(() => evidenceThreads.id, { onDelete: 'set null' }),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.isRead} = false`),
  ],
);
