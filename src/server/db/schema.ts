import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  discordId: text('discord_id').notNull().unique(),
  username: text('username').notNull(),
  discriminator: text('discriminator').notNull().default('0'),
  globalName: text('global_name'),
  avatar: text('avatar'),
  mfaEnabled: boolean('mfa_enabled'),
  /** Discord user token, encrypted with the session secret (AES-256-GCM); never sent to clients. */
  discordAccessTokenEnc: text('discord_access_token_enc'),
  discordRefreshTokenEnc: text('discord_refresh_token_enc'),
  discordTokenExpiresAt: timestamp('discord_token_expires_at', { withTimezone: true }),
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
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  discordId: text('discord_id').notNull().unique(),
  name: text('name').notNull(),
  icon: text('icon'),
  ownerDiscordId: text('owner_discord_id'),
  memberCount: integer('member_count').notNull().default(0),
  roleCount: integer('role_count').notNull().default(0),
  channelCount: integer('channel_count').notNull().default(0),
  botCount: integer('bot_count').notNull().default(0),
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
  (table) => [primaryKey({ columns: [table.userId, table.serverId] }), index('user_servers_server_idx').on(table.serverId)],
);

export const entitlements = pgTable(
  'entitlements',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['DIY', 'FULL_SERVICE', 'COUPON', 'BYPASS'] }).notNull(),
    /** Where the entitlement came from: 'demo-seed', 'stripe', 'crypto', 'coupon', 'bypass'. */
    source: text('source').notNull(),
    serverId: uuid('server_id').references(() => servers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('entitlements_user_idx').on(table.userId)],
);
