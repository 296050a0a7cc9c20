import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  customType,
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
import type { BookSource } from '~/shared/schemas/book-view'

// One schema for PGlite and PostgreSQL (toolchain.md: PGlite is PG 18, CI's server is PG 15;
// keep to SQL both accept). Ids are opaque text.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const createdAt = () => ts('created_at').notNull().defaultNow()
const updatedAt = () => ts('updated_at').notNull().defaultNow()
// What hangs off an account or a person goes with it: deleting the row deletes these.
const accountRef = () => text('account_id').references(() => accounts.id, { onDelete: 'cascade' })
const userRef = () => text('user_id').references(() => users.id, { onDelete: 'cascade' })

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
    /** The 30-second step of the last code accepted: a code is good once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Support staff (README: `npm run master -- <email>`, never any API): may impersonate users
     *  who turned support access on. A person-level flag, not a membership role. */
    master: boolean('master').notNull().default(false),
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
    /** null until a plan is chosen on /signup/plan. */
    plan: text('plan'),
    subscriptionStatus: text('subscription_status'),
    /** Per-account change counter: the books sync cursor. */
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
    userId: userRef().notNull(),
    accountId: accountRef().notNull(),
    role: text('role').notNull(),
    onboarded: boolean('onboarded').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId] }), index('memberships_account').on(t.accountId)],
)

/** Server-side record of each session token (its `jti`), so tokens are revocable. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: userRef().notNull(),
    accountId: accountRef().notNull(),
    duplicateUser: boolean('duplicate_user').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    userAgent: text('user_agent'),
    /** Set on a support session: the master who opened it, and their own session
     *  to go back to when it stops. */
    impersonatorId: text('impersonator_id'),
    impersonatorSessionId: text('impersonator_session_id'),
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
    userId: userRef(),
    accountId: accountRef(),
    email: text('email'),
    data: jsonb('data'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash').on(t.tokenHash)],
)

/**
 * Team invites: one row per invited address in an account. The mailed
 * secret is stored as a SHA-256 hash like the other one-time tokens; a resend replaces it (the old
 * link stops working) and restarts the 7 days. An invite ends accepted or revoked, never deleted,
 * so a link opened later can say which.
 */
export const invites = pgTable(
  'invites',
  {
    id: text('id').primaryKey(),
    accountId: accountRef().notNull(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: ts('sent_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('invites_account').on(t.accountId), uniqueIndex('invites_token_hash').on(t.tokenHash)],
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

/** Fixed-window counters for rate limits, shared by every API process. */
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
    accountId: accountRef().notNull(),
    title: text('title').notNull(),
    author: text('author'),
    rating: integer('rating'),
    review: text('review'),
    startedAt: text('started_at'),
    finishedAt: text('finished_at'),
    imageUrl: text('image_url'),
    isbn: text('isbn'),
    asin: text('asin'),
    pages: integer('pages'),
    year: integer('year'),
    /** "Up next" key, ordered with `collate "C"` (fractional-indexing compares
     *  code units); null for books from before it existed, listed after the keyed ones. */
    position: text('position'),
    /** YYYY-MM-DD; null for books from before it existed (their created_at day stands in). */
    addedAt: text('added_at'),
    /** hand | link | import | list (BOOK_SOURCES, shared/schemas/book-view.ts). */
    source: text('source').$type<BookSource>().notNull().default('hand'),
    /** The account's change counter at this row's last write (sync cursor). */
    version: bigint('version', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('books_account_version').on(t.accountId, t.version)],
)

/** A reading goal: a number of books for a year, per account (decisions: the reader's year). */
export const readingGoals = pgTable(
  'reading_goals',
  {
    accountId: accountRef().notNull(),
    year: integer('year').notNull(),
    books: integer('books').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.year] })],
)

/** Exactly-once writes: the stored answer to each Idempotency-Key. */
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

/** Public page views per account and UTC day (the dashboard's views chart and change). */
export const accountDailyViews = pgTable(
  'account_daily_views',
  {
    accountId: accountRef().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
)

/**
 * Notification settings (name, active) per user. A missing row means active: every
 * notification is on until the user turns it off (GET /api/notification fills the defaults).
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: userRef().notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
)

// ---- Billing -------------------------------------------------
// One record per account that ever had billing, kept for both providers: the local provider's
// own state, or Stripe's mirrored from its answers and webhooks, so every read is provider-free.

/** The account's customer, paid subscription, default card and (outside production) billing clock. */
export const billingAccounts = pgTable('billing_accounts', {
  accountId: accountRef().primaryKey(),
  provider: text('provider').notNull(),
  customerId: text('customer_id'),
  subscriptionId: text('subscription_id'),
  /** Stripe: the subscription item whose price and quantity are the plan and seats. */
  subscriptionItemId: text('subscription_item_id'),
  plan: text('plan'),
  status: text('status'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** A cheaper paid plan chosen for the next period: it takes effect at the period's end. */
  pendingPlan: text('pending_plan'),
  currentPeriodStart: ts('current_period_start'),
  currentPeriodEnd: ts('current_period_end'),
  seats: integer('seats').notNull().default(1),
  /** Minor units per seat. */
  seatPrice: integer('seat_price').notNull().default(0),
  currency: text('currency').notNull().default('usd'),
  paymentMethodId: text('payment_method_id'),
  /** When the last renewal failed; a subscription unpaid for 14 days is canceled. */
  pastDueSince: ts('past_due_since'),
  /** Dev billing clock (POST /api/dev/clock): days this account's billing time is ahead of now. */
  clockOffsetDays: integer('clock_offset_days').notNull().default(0),
  /** Stripe: `created` of the newest subscription event applied (older deliveries are skipped). */
  stripeEventAt: bigint('stripe_event_at', { mode: 'number' }),
  updatedAt: updatedAt(),
})

/** Cards: brand, last four digits and expiry only, never the number. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    accountId: accountRef().notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** Local provider: how charges on this card behave (`succeed`, `authenticate`, `decline`). */
    behaviour: text('behaviour'),
    createdAt: createdAt(),
  },
  (t) => [index('payment_methods_account').on(t.accountId)],
)

/** Local provider card tokens (`tok_…`): single use, one hour, stored as a hash. */
export const cardTokens = pgTable('card_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  behaviour: text('behaviour').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
})

/** Local provider payment intents: a charge waiting for 3-D Secure. */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    accountId: accountRef().notNull(),
    secretHash: text('secret_hash').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** requires_action → succeeded | failed. */
    status: text('status').notNull(),
    /** The call it pays for: `{ call: 'plan' | 'card', plan? }`. */
    purpose: jsonb('purpose').$type<{ call: 'plan' | 'card'; plan?: string }>().notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    consumedAt: ts('consumed_at'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_intents_secret').on(t.secretHash)],
)

/** Invoices of both providers (Stripe's mirrored); the PDF is rendered from this row. */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    accountId: accountRef().notNull(),
    number: text('number').notNull(),
    /** open | paid | void | uncollectible */
    status: text('status').notNull(),
    /** Minor units. */
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    plan: text('plan').notNull(),
    planName: text('plan_name').notNull(),
    seats: integer('seats').notNull(),
    seatPrice: integer('seat_price').notNull(),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    /** The invoice date (the account's billing clock at issue). */
    issuedAt: ts('issued_at').notNull(),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [index('invoices_account').on(t.accountId, t.issuedAt)],
)

/** Stripe webhook events already processed: each is applied once. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
})

/**
 * API keys: acting for the account, never for a person. Only the
 * SHA-256 of the full key is kept (a 190-bit random secret needs no slow hash; the look-up is by
 * that hash); `display` is the public prefix and last four characters shown after creation.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    accountId: accountRef().notNull(),
    name: text('name').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    keyHash: text('key_hash').notNull(),
    display: text('display').notNull(),
    /** false once revoked; never true again. */
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [uniqueIndex('api_keys_hash').on(t.keyHash), index('api_keys_account').on(t.accountId, t.createdAt)],
)

/**
 * Passkeys (WebAuthn credentials). What is stored is public: the credential id,
 * its COSE public key and signature counter; the private key never leaves the authenticator.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id (base64url), as the authenticator names it. */
    id: text('id').primaryKey(),
    userId: userRef().notNull(),
    name: text('name').notNull(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>(),
    backedUp: boolean('backed_up').notNull().default(false),
    lastUsedAt: ts('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('passkeys_user').on(t.userId)],
)

/**
 * A person's identity at a social sign-in provider: the provider's `sub` is
 * what is matched on later sign-ins; email is matched only once, to link, and only when verified.
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: userRef().notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('social_identities_user').on(t.userId)],
)

/** PostgreSQL bytea: pg hands back a Buffer, PGlite a Uint8Array (both are Uint8Arrays). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

/**
 * Uploaded avatars, already resized
 * to a square WebP. A new random id per upload: the URL users.avatar holds is immutable, so it is
 * cached for a year; a user keeps at most one row (the upload replaces, removal deletes).
 */
export const avatars = pgTable(
  'avatars',
  {
    id: text('id').primaryKey(),
    userId: userRef().notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('avatars_user').on(t.userId)],
)

/** Answers of the book catalogue (services/catalog.ts), keyed `search:<normalised query>` or
 *  `isbn:<ISBN-13>`; `body` null for a miss (kept briefly). Shared by every API process. */
export const catalogCache = pgTable(
  'catalog_cache',
  {
    key: text('key').primaryKey(),
    body: jsonb('body'),
    fetchedAt: ts('fetched_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('catalog_cache_expires').on(t.expiresAt)],
)
