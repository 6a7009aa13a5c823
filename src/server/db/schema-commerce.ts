import { sql } from 'drizzle-orm';
import {
  boolean,
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
import {
  CRYPTO_CURRENCIES,
  CRYPTO_SUBSCRIPTION_STATUSES,
  ORDER_PRODUCTS,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
} from '../../shared/commerce-rules.js';
import { createdAt, entitlements, servers, users } from './schema.js';

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * One purchase: created `pending` before the provider is called, moved exactly once by a conditional
 * update in the transaction that writes what it grants (`entitlementId`). The billing page lists these.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverId: uuid('server_id').references(() => servers.id, { onDelete: 'set null' }),
    product: text('product', { enum: ORDER_PRODUCTS }).notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** Priced by the server from the price list, never by the client. */
    amountCents: integer('amount_cents').notNull(),
    /** For crypto: the currency and exact amount asked ('SOL', '0.331'); null for card. */
    cryptoCurrency: text('crypto_currency', { enum: CRYPTO_CURRENCIES }),
    cryptoAmount: text('crypto_amount'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /** The provider's object: Checkout Session id, NOWPayments invoice id, or the transaction hash. */
    providerRef: text('provider_ref'),
    /** The provider's payment: Stripe PaymentIntent, NOWPayments payment_id. */
    providerPaymentId: text('provider_payment_id'),
    entitlementId: uuid('entitlement_id').references(() => entitlements.id, { onDelete: 'set null' }),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('orders_provider_ref_idx').on(table.provider, table.providerRef),
    index('orders_user_created_idx').on(table.userId, table.createdAt),
  ],
);

/** Provider deliveries already acted on: the primary key makes a duplicate delivery a no-op. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** Stripe's event id; for NOWPayments `payment_id:payment_status:actually_paid`. */
    eventKey: text('event_key').notNull(),
    eventType: text('event_type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventKey] })],
);

/** Opened by a Full Service purchase for staff to work through. */
export const serviceEngagements = pgTable(
  'service_engagements',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: uuid('order_id')
      .unique()
      .references(() => orders.id, { onDelete: 'set null' }),
    plan: text('plan').notNull().default('FULL_SERVICE'),
    status: text('status', { enum: ['NEW', 'IN_PROGRESS', 'COMPLETED', 'ON_HOLD', 'CANCELLED'] })
      .notNull()
      .default('NEW'),
    engineerNotes: text('engineer_notes'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('service_engagements_server_idx').on(table.serverId)],
);

/** The full code is never stored: its SHA-256 finds it, its last 4 characters are all that is shown. */
export const coupons = pgTable('coupons', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  codeHash: text('code_hash').notNull().unique(),
  codeLast4: text('code_last4').notNull(),
  description: text('description'),
  maxUses: integer('max_uses').notNull().default(1),
  /** Counted by the conditional update that admits a redemption, so it never passes maxUses. */
  uses: integer('uses').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  singleServerOnly: boolean('single_server_only').notNull().default(true),
  /** Our server id or the guild's Discord id, as staff typed it. */
  serverIdAllowed: text('server_id_allowed'),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    // Set null: deleting a coupon keeps who redeemed what.
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    entitlementId: uuid('entitlement_id').references(() => entitlements.id, { onDelete: 'set null' }),
    auditId: uuid('audit_id'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('coupon_redemptions_once_idx').on(table.couponId, table.userId, table.serverId)],
);

/** Who used a configured bypass code (identified by its hash's first 12 hex digits), for which server. */
export const bypassUses = pgTable('bypass_uses', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  codeFingerprint: text('code_fingerprint').notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  serverId: uuid('server_id')
    .notNull()
    .references(() => servers.id, { onDelete: 'cascade' }),
  username: text('username').notNull(),
  entitlementId: uuid('entitlement_id').references(() => entitlements.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Wrong coupon and bypass codes, counted per account and per client address across every instance. */
export const codeAttempts = pgTable(
  'code_attempts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text('kind', { enum: ['coupon', 'bypass'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    clientAddress: text('client_address').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('code_attempts_user_idx').on(table.userId, table.createdAt),
    index('code_attempts_address_idx').on(table.clientAddress, table.createdAt),
  ],
);

/**
 * A price held for 30 minutes, with an amount unique among open quotes of its currency so a payment
 * names its quote (payments-reference §4). Amounts are decimal strings and base-unit integers as text.
 */
export const cryptoQuotes = pgTable(
  'crypto_quotes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency', { enum: CRYPTO_CURRENCIES }).notNull(),
    usdCents: integer('usd_cents').notNull(),
    priceUsd: text('price_usd').notNull(),
    amountDisplay: text('amount_display').notNull(),
    amountBase: text('amount_base').notNull(),
    source: text('source').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('crypto_quotes_open_idx').on(table.currency, table.amountBase, table.expiresAt)],
);

export const cryptoSubscriptions = pgTable(
  'crypto_subscriptions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    currency: text('currency', { enum: CRYPTO_CURRENCIES }).notNull(),
    usdCents: integer('usd_cents').notNull(),
    /** The quote the next payment must match; replaced when it expires unpaid. */
    quoteId: uuid('quote_id').references(() => cryptoQuotes.id, { onDelete: 'set null' }),
    recipientAddress: text('recipient_address').notNull(),
    status: text('status', { enum: CRYPTO_SUBSCRIPTION_STATUSES }).notNull().default('awaiting_payment'),
    isActive: boolean('is_active').notNull().default(false),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    nextPaymentDue: timestamp('next_payment_due', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('crypto_subscriptions_user_idx').on(table.userId)],
);

/**
 * A transaction hash claimed by a user for a quote: unique per chain forever, `pending` while it is not
 * yet confirmed (so nobody else can take it), `accepted` in the transaction that grants the month.
 */
export const chainPayments = pgTable(
  'chain_payments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    chain: text('chain', { enum: ['ethereum', 'solana'] }).notNull(),
    txHash: text('tx_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => cryptoSubscriptions.id, { onDelete: 'set null' }),
    quoteId: uuid('quote_id').references(() => cryptoQuotes.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'accepted'] })
      .notNull()
      .default('pending'),
    amountBase: text('amount_base'),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('chain_payments_hash_idx').on(table.chain, table.txHash)],
);
