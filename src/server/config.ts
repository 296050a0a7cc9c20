import * as v from 'valibot'
import { loadPlans } from './services/plans'
import { loadSocialProviders } from './services/social-config'

// All configuration comes from the environment (a .env file is read if present)
// and is validated at start; a bad value stops the server with one line naming the variable.

const bool = v.pipe(
  v.picklist(['true', 'false', '1', '0']),
  v.transform((s) => s === 'true' || s === '1'),
)
const int = (min: number, max: number) =>
  v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.minValue(min), v.maxValue(max))

const ConfigSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  PORT: v.optional(int(1, 65535), '3000'),
  /** Where to listen. Unset: loopback only (127.0.0.1 and ::1) outside production, every
   *  interface (0.0.0.0) in production (decisions: safe defaults). */
  HOST: v.optional(v.pipe(v.string(), v.minLength(1))),
  /** Public origin used in links inside mails, e.g. https://tbr.example. */
  APP_URL: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './data'),
  /** The built client to serve (default dist/client). */
  CLIENT_DIR: v.optional(v.pipe(v.string(), v.minLength(1))),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must start with postgres://'))),
  /** HS256 secret for session tokens; generated once and stored in the database when unset. */
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  SESSION_TTL_DAYS: v.optional(int(1, 365), '30'),
  /** How long a sign-in stands as the proof a security change asks for (decisions: step-up). */
  REAUTH_WINDOW_S: v.optional(int(1, 86400), '600'),
  /** Key material for encrypting two-factor secrets at rest (AES-256-GCM, key derived with
   *  HKDF); unset, derived from the session token secret. */
  TOTP_ENCRYPTION_KEY: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://'))),
  MAIL_FROM: v.optional(v.string(), 'TBR <no-reply@tbr.local>'),
  /** Where the /help message form's mails go (POST /api/utility/mail). */
  SUPPORT_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an email address')), 'support@tbr.local'),
  PAYMENT_PROVIDER: v.optional(v.picklist(['local', 'stripe']), 'local'),
  /** Production runs the local test-mode provider only with this set (billing shows "Test mode"). */
  ALLOW_TEST_PAYMENTS: v.optional(bool, 'false'),
  /** Production runs without SMTP_URL (mail kept in the database outbox) only with this set. */
  MAIL_LOG: v.optional(bool, 'false'),
  STRIPE_SECRET_KEY: v.optional(v.string()),
  STRIPE_PUBLISHABLE_KEY: v.optional(v.string()),
  STRIPE_WEBHOOK_SECRET: v.optional(v.string()),
  /** Where the Stripe SDK sends its calls (default Stripe's own API): a local server speaking
   *  Stripe's wire format in tests, a proxy in front of Stripe. https only in production. */
  STRIPE_API_URL: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'), v.regex(/^https?:\/\//, 'must start with http:// or https://'))),
  AFFILIATE_TAG: v.optional(v.string(), 'tbrlist-20'),
  /** Where the auth layout's logo links; read by the client build. Unset, it links to /. */
  MARKETING_URL: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
  /** JSON array of paid plans; see .env.example. The free plan is always present. */
  PLANS: v.optional(v.string()),
  BODY_LIMIT_KB: v.optional(int(1, 20480), '1024'),
  /** Per-IP limit on auth and mail-sending calls, per 15 minutes. */
  AUTH_IP_LIMIT: v.optional(int(1, 1000000), '100'),
  /** Calls one API key may make per minute; past it, 429 with Retry-After. */
  KEY_RATE_LIMIT: v.optional(int(1, 1000000), '120'),
  /** Keys one account may create per 15 minutes (a script gone wrong cannot mint thousands). */
  KEY_CREATE_LIMIT: v.optional(int(1, 1000000), '20'),
  /** Pictures one user may upload as their avatar per 15 minutes (each is decoded and resized). */
  AVATAR_UPLOAD_LIMIT: v.optional(int(1, 1000000), '20'),
  TRUST_PROXY: v.optional(bool, 'false'),
  LOG_LEVEL: v.optional(v.picklist(['silent', 'error', 'info', 'debug']), 'info'),
  /** API processes sharing PORT (node:cluster); more than one needs DATABASE_URL. */
  WORKERS: v.optional(int(1, 64), '1'),
  /** How often GET /api/sync/stream sends a heartbeat and re-checks its caller, in ms (at most
   *  30 s, decisions: live across devices). */
  SYNC_HEARTBEAT_MS: v.optional(int(20, 30000), '25000'),
  /** Admission control for /api (middleware/admission.ts): requests in progress at once, per
   *  process; unset, 2 on PGlite and 16 on PostgreSQL. */
  API_CONCURRENCY: v.optional(int(1, 10000)),
  /** Requests that may wait for a turn; more are answered 503 at once. Unset: 256 / 512. */
  API_QUEUE: v.optional(int(0, 100000)),
  /** Longest wait for a turn before a 503, in ms (also the bound on the expected wait). */
  API_QUEUE_WAIT_MS: v.optional(int(1, 60000)),
  /** Password derivations (scrypt) at once, per process; unset, half the cores shared among the
   *  WORKERS (at least 1 each). */
  PASSWORD_HASH_CONCURRENCY: v.optional(int(1, 256)),
  /** Derivations that may wait for a turn (unset: 8); more are answered 429 at once. */
  PASSWORD_HASH_QUEUE: v.optional(int(0, 1000)),
  /** log2 of scrypt's N for new password hashes (default 17, OWASP's; at least 17 in production).
   *  Tests lower it: a sign-up there should not cost a second of both cores. */
  PASSWORD_HASH_COST: v.optional(int(12, 20)),
  /** Social sign-in providers (OpenID Connect) as JSON: see services/social-config.ts, README. */
  SOCIAL_PROVIDERS: v.optional(v.string()),
  /** The book catalogue (Open Library's API) behind /api/catalog (services/catalog.ts). */
  CATALOG_URL: v.optional(v.pipe(v.string(), v.url('must be an absolute URL')), 'https://openlibrary.org'),
  /** Where cover images are served: `{base}/b/id/{cover_i}-M.jpg`. */
  CATALOG_COVERS_URL: v.optional(v.pipe(v.string(), v.url('must be an absolute URL')), 'https://covers.openlibrary.org'),
  /** Upstream calls per minute, per process (a token bucket; CATALOG_BURST at once). */
  CATALOG_RATE_PER_MIN: v.optional(int(1, 6000), '60'),
  CATALOG_BURST: v.optional(int(1, 1000), '3'),
  /** How long one upstream call may take before the answer is a 503. */
  CATALOG_TIMEOUT_MS: v.optional(int(100, 60000), '5000'),
})

export type Config = v.InferOutput<typeof ConfigSchema> & { PORT: number }

export class ConfigError extends Error {}

/** Values that may hold credentials: an error names the variable but never prints its value. */
const SECRET = new Set([
  'JWT_SECRET',
  'TOTP_ENCRYPTION_KEY',
  'DATABASE_URL',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  // A proxy's address may carry its credentials (https://user:pass@host).
  'STRIPE_API_URL',
  'PLANS',
  'SOCIAL_PROVIDERS',
])

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input: Record<string, string> = {}
  for (const key of Object.keys(ConfigSchema.entries)) {
    const value = env[key]
    if (value !== undefined && value !== '') input[key] = value
  }
  const result = v.safeParse(ConfigSchema, input)
  if (!result.success) {
    const lines = result.issues.map((issue) => {
      const key = String(issue.path?.[0]?.key ?? 'config')
      const got = SECRET.has(key) ? '' : ` (got ${JSON.stringify(input[key])})`
      // A secret's value can also sit inside valibot's own message ("… but received …").
      const message = SECRET.has(key) ? issue.message.replace(/\s*but received .*$/s, '') : issue.message
      return `Invalid environment variable ${key}: ${message}${got}`
    })
    throw new ConfigError(lines.join('\n'))
  }
  const out = result.output as Config
  if (out.PAYMENT_PROVIDER === 'stripe') {
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!out[key]) throw new ConfigError(`Invalid environment variable ${key}: required when PAYMENT_PROVIDER=stripe`)
    }
  }
  // The secret key travels with every Stripe call: a production server never sends it in clear.
  if (out.NODE_ENV === 'production' && out.STRIPE_API_URL && !out.STRIPE_API_URL.startsWith('https://')) {
    throw new ConfigError('Invalid environment variable STRIPE_API_URL: must start with https:// in production')
  }
  // decisions (safe defaults): a production server takes real payments and sends real mail
  // unless told, by name, that test payments or a mail log are what is wanted.
  if (out.NODE_ENV === 'production' && out.PAYMENT_PROVIDER === 'local' && !out.ALLOW_TEST_PAYMENTS) {
    throw new ConfigError(
      'Invalid environment variable PAYMENT_PROVIDER: local (test payments, no money moves) in production needs ALLOW_TEST_PAYMENTS=true; set PAYMENT_PROVIDER=stripe for real payments',
    )
  }
  if (out.NODE_ENV === 'production' && !out.SMTP_URL && !out.MAIL_LOG) {
    throw new ConfigError(
      'Invalid environment variable SMTP_URL: required in production (mail would only be kept in the database); set MAIL_LOG=true to run without sending mail',
    )
  }
  if (out.NODE_ENV === 'production' && (out.PASSWORD_HASH_COST ?? 17) < 17) {
    throw new ConfigError('Invalid environment variable PASSWORD_HASH_COST: at least 17 in production')
  }
  // PGlite is embedded in one process: its data directory cannot be shared by several.
  if (out.WORKERS > 1 && !out.DATABASE_URL) {
    throw new ConfigError(
      'Invalid environment variable WORKERS: more than 1 needs DATABASE_URL (PGlite runs in one process)',
    )
  }
  // The plans are read now too, so a bad PLANS stops the start with one line like the rest.
  let plans
  try {
    plans = loadPlans(out.PLANS)
  } catch (err) {
    throw new ConfigError((err as Error).message.split('\n')[0])
  }
  try {
    loadSocialProviders(out.SOCIAL_PROVIDERS, out.NODE_ENV === 'production')
  } catch (err) {
    throw new ConfigError((err as Error).message)
  }
  // Stripe bills each paid plan through its own price.
  const unpriced = out.PAYMENT_PROVIDER === 'stripe' ? plans.find((p) => p.price > 0 && !p.stripe_price) : undefined
  if (unpriced) {
    throw new ConfigError(
      `Invalid environment variable PLANS: plan ${unpriced.id} needs a stripe_price when PAYMENT_PROVIDER=stripe`,
    )
  }
  return out
}

/** Reads ./.env into process.env without overriding what the environment already sets. */
export function readDotEnv(path = '.env') {
  try {
    process.loadEnvFile(path)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
}

/**
 * The configuration a server process starts with (`npm start`, `npm run dev`): `.env` first, then
 * the environment; a bad value prints one line per problem and ends the process.
 */
export function startupConfig(): Config {
  readDotEnv()
  try {
    return loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
}
