import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

// One schema for PGlite and PostgreSQL (toolchain.md: PGlite is PG 18, CI's server is PG 15;
// keep to SQL both accept). Ids are opaque text (decisions §2).

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const createdAt = () => ts('created_at').notNull().defaultNow()
const updatedAt = () => ts('updated_at').notNull().defaultNow()

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    verified: boolean('verified').notNull().default(false),
    locale: text('locale').notNull().default('en'),
    darkMode: boolean('dark_mode').notNull().default(false),
    supportEnabled: boolean('support_enabled').notNull().default(false),
    avatar: text('avatar'),
    defaultAccount: text('default_account'),
    totpSecret: text('totp_secret'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    backupCodeHash: text('backup_code_hash'),
    disabled: boolean('disabled').notNull().default(false),
    lastLogin: ts('last_login'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower').on(sql`lower(${t.email})`)],
)

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug'),
    /** null until a plan is chosen on /signup/plan (decisions §5). */
    plan: text('plan'),
    subscriptionStatus: text('subscription_status'),
    /** Per-account change counter: the books sync cursor (sync.md "Order per account"). */
    changeCounter: bigint('change_counter', { mode: 'number' }).notNull().default(0),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    closedAt: ts('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('accounts_slug_lower').on(sql`lower(${t.slug})`)],
)

/** A role belongs to a membership: the same person may own one account and be a user of another. */
export const memberships = pgTable(
  'memberships',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    onboarded: boolean('onboarded').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId] }), index('memberships_account').on(t.accountId)],
)

/** Server-side record of each session token (its `jti`), so tokens are revocable (decisions §2). */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    duplicateUser: boolean('duplicate_user').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user').on(t.userId)],
)

/** Verify, magic-link, reset, second-factor and invite tokens: stored as SHA-256 hashes, single use. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email'),
    data: jsonb('data'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash').on(t.tokenHash)],
)

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to').on(sql`lower(${t.to})`, t.createdAt)],
)

export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    metadata: jsonb('metadata'),
    userId: text('user_id'),
    accountId: text('account_id'),
    createdAt: createdAt(),
  },
  (t) => [index('events_account_time').on(t.accountId, t.createdAt)],
)

/** Fixed-window counters for rate limits, shared by every API process (decisions §1). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
})

/** Small server-wide settings, e.g. the generated token secret when JWT_SECRET is unset. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

export const books = pgTable(
  'books',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    author: text('author'),
    rating: integer('rating'),
    review: text('review'),
    startedAt: text('started_at'),
    finishedAt: text('finished_at'),
    imageUrl: text('image_url'),
    isbn: text('isbn'),
    asin: text('asin'),
    /** "Up next" key (decisions §14), ordered with `collate "C"` (fractional-indexing compares
     *  code units); null for books from before it existed, listed after the keyed ones. */
    position: text('position'),
    /** YYYY-MM-DD; null for books from before it existed (their created_at day stands in). */
    addedAt: text('added_at'),
    /** hand | link | import | list (shared/schemas/book.ts BOOK_SOURCES). */
    source: text('source').notNull().default('hand'),
    /** The account's change counter at this row's last write (sync cursor). */
    version: bigint('version', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('books_account_version').on(t.accountId, t.version)],
)

/** Exactly-once writes: the stored answer to each Idempotency-Key (sync.md "Exactly once"). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: text('account_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
)

export const feedback = pgTable('feedback', {
  id: text('id').primaryKey(),
  rating: text('rating').notNull(),
  comment: text('comment'),
  userId: text('user_id'),
  accountId: text('account_id'),
  createdAt: createdAt(),
})

/** Public page views per account and UTC day (the dashboard's views chart and change; decisions §8). */
export const accountDailyViews = pgTable(
  'account_daily_views',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
)

/**
 * spec §3 Notification setting (name, active) per user. A missing row means active: every
 * notification is on until the user turns it off (GET /api/notification fills the defaults).
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    active: boolean('active').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
)
