import type { Config } from './config'
import type { Deps } from './context'
import { openDatabase } from './db/client'
import { Background } from './lib/background'
import { defaultHashConcurrency, limitPasswordHashing, setPasswordCost } from './lib/crypto'
import { setLogLevel } from './lib/log'
import { createMailer } from './services/mail'
import { createPaymentProvider } from './services/payments'
import { loadPlans } from './services/plans'
import { loadSocialProviders } from './services/social-config'
import type Stripe from 'stripe'
import { loadSecret } from './services/sessions'

/** Opens the database (migrating it) and wires the services the routes use. */
export async function createDeps(config: Config, opts: { stripe?: Stripe; pgliteTemplate?: Blob } = {}): Promise<Deps> {
  setLogLevel(config.LOG_LEVEL)
  // Half the machine's cores for derivations, shared among the WORKERS processes (decision 27).
  const hashing = config.PASSWORD_HASH_CONCURRENCY ?? Math.max(1, Math.floor(defaultHashConcurrency() / config.WORKERS))
  limitPasswordHashing({ concurrency: hashing, queue: config.PASSWORD_HASH_QUEUE })
  setPasswordCost(config.PASSWORD_HASH_COST ?? 17)
  const plans = loadPlans(config.PLANS)
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    pgliteTemplate: opts.pgliteTemplate,
  })
  const db = database.db
  const deps: Deps = {
    config,
    database,
    db,
    mailer: createMailer({ db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, production: config.NODE_ENV === 'production' }),
    secret: await loadSecret(db, config.JWT_SECRET),
    appUrl: (config.APP_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    plans,
    background: new Background(),
    socialProviders: loadSocialProviders(config.SOCIAL_PROVIDERS, config.NODE_ENV === 'production'),
    ...(await createPaymentProvider(config, () => deps, opts.stripe)),
  }
  return deps
}
