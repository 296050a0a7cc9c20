import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConfigError, loadConfig, readDotEnv } from '~/server/config'

// Configuration comes from the environment and is validated at start; a bad value
// stops the server with one clear line naming the variable.

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env)
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError)
    return (err as Error).message
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`)
}

describe('loadConfig', () => {
  test('an empty environment gives working defaults', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: './data',
      SESSION_TTL_DAYS: 30,
      PAYMENT_PROVIDER: 'local',
      BODY_LIMIT_KB: 1024,
      AUTH_IP_LIMIT: 100,
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
    })
    expect(c.DATABASE_URL).toBeUndefined()
    expect(c.SMTP_URL).toBeUndefined()
  })

  test('reads and converts the values it is given; empty values count as unset', () => {
    const c = loadConfig({
      PORT: '8080',
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
      AUTH_IP_LIMIT: '5',
      DATABASE_URL: 'postgres://u:p@db:5432/tbr',
      SMTP_URL: 'smtps://mail.example.com:465',
      ALLOW_TEST_PAYMENTS: 'true',
      APP_URL: 'https://tbr.example',
      JWT_SECRET: 'x'.repeat(32),
      DATA_DIR: '',
    })
    expect(c).toMatchObject({ PORT: 8080, NODE_ENV: 'production', TRUST_PROXY: true, AUTH_IP_LIMIT: 5, DATA_DIR: './data' })
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(true)
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false)
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/tbr' }).DATABASE_URL).toBe('postgresql://localhost/tbr')
  })

  test.each([
    ['PORT', 'abc'],
    ['PORT', '0'],
    ['PORT', '70000'],
    ['PORT', '30.5'],
    ['NODE_ENV', 'prod'],
    ['APP_URL', 'not a url'],
    ['MARKETING_URL', 'tbr.example'],
    ['DATABASE_URL', 'mysql://localhost/tbr'],
    ['JWT_SECRET', 'too-short'],
    ['SESSION_TTL_DAYS', '0'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['PAYMENT_PROVIDER', 'paypal'],
    ['BODY_LIMIT_KB', '-1'],
    ['AUTH_IP_LIMIT', 'many'],
    ['TRUST_PROXY', 'yes'],
    ['LOG_LEVEL', 'loud'],
    ['WORKERS', '0'],
    ['WORKERS', 'two'],
    ['WORKERS', '65'],
    ['PLANS', 'not json'],
    ['PLANS', '{"id":"gold"}'],
    ['PLANS', '[{"id":"gold","name":"Gold","price":"9","features":[]}]'],
    ['PLANS', '[{"id":"Has Spaces","name":"Gold","price":9,"features":[]}]'],
  ])('%s=%j is a ConfigError: one line naming the variable', (name, value) => {
    const message = configError({ [name]: value })
    expect(message.split('\n')).toHaveLength(1)
    expect(message).toMatch(new RegExp(`^Invalid environment variable ${name}: \\S`))
  })

  test('production refuses test payments and an unsent mail log unless each is asked for by name', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example.com' }
    expect(configError({ NODE_ENV: 'production', ...smtp })).toMatch(
      /^Invalid environment variable PAYMENT_PROVIDER: local \(test payments, no money moves\) in production needs ALLOW_TEST_PAYMENTS=true/,
    )
    expect(configError({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' })).toMatch(
      /^Invalid environment variable SMTP_URL: required in production .*MAIL_LOG=true/,
    )
    expect(configError({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'yes', ...smtp })).toMatch(/^Invalid environment variable ALLOW_TEST_PAYMENTS/)
    const ok = loadConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', MAIL_LOG: 'true' })
    expect(ok).toMatchObject({ ALLOW_TEST_PAYMENTS: true, MAIL_LOG: true, PAYMENT_PROVIDER: 'local' })
    // Outside production neither is needed, and HOST stays unset (loopback only, index.ts).
    expect(loadConfig({ NODE_ENV: 'development' }).HOST).toBeUndefined()
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ ALLOW_TEST_PAYMENTS: false, MAIL_LOG: false })
  })

  test('PAYMENT_PROVIDER=stripe needs the three Stripe keys and a Stripe price for each paid plan', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }
    const priced = JSON.stringify([{ id: 'club', name: 'Club', price: 12, features: [], stripe_price: 'price_club' }])
    expect(configError({ PAYMENT_PROVIDER: 'stripe' })).toMatch(/^Invalid environment variable STRIPE_SECRET_KEY: /)
    expect(configError({ PAYMENT_PROVIDER: 'stripe', ...keys, STRIPE_WEBHOOK_SECRET: '' })).toMatch(/^Invalid environment variable STRIPE_WEBHOOK_SECRET: /)
    expect(configError({ PAYMENT_PROVIDER: 'stripe', ...keys })).toBe(
      'Invalid environment variable PLANS: plan reader needs a stripe_price when PAYMENT_PROVIDER=stripe',
    )
    expect(loadConfig({ PAYMENT_PROVIDER: 'stripe', ...keys, PLANS: priced }).PAYMENT_PROVIDER).toBe('stripe')
    expect(configError({ PLANS: JSON.stringify([{ id: 'club', name: 'Club', price: 12, features: [], unlocks: ['teleport'] }]) })).toMatch(
      /^Invalid environment variable PLANS: plan 1 unlocks/,
    )
  })

  test('WORKERS: one process by default; more than one only with DATABASE_URL (PGlite is one process)', () => {
    expect(loadConfig({}).WORKERS).toBe(1)
    expect(loadConfig({ WORKERS: '1' }).WORKERS).toBe(1)
    const message = configError({ WORKERS: '2' })
    expect(message.split('\n')).toHaveLength(1)
    expect(message).toMatch(/^Invalid environment variable WORKERS: .*DATABASE_URL/)
    expect(loadConfig({ WORKERS: '4', DATABASE_URL: 'postgres://db/tbr' }).WORKERS).toBe(4)
  })

  test('several bad values name each variable, one line each', () => {
    const lines = configError({ PORT: 'x', LOG_LEVEL: 'loud' }).split('\n')
    expect(lines).toHaveLength(2)
    expect(lines.some((l) => l.startsWith('Invalid environment variable PORT:'))).toBe(true)
    expect(lines.some((l) => l.startsWith('Invalid environment variable LOG_LEVEL:'))).toBe(true)
  })

  test('the message shows an ordinary bad value but never echoes a secret', () => {
    expect(configError({ PORT: 'abc' })).toContain('"abc"')
    const secrets: [string, string, string][] = [
      ['JWT_SECRET', 'hunter2-secret', 'hunter2'],
      ['DATABASE_URL', 'mysql://admin:hunter2@db/tbr', 'hunter2'],
      ['SMTP_URL', 'http://mailer:hunter2@mail.example.com', 'hunter2'],
      ['PLANS', '[{"id":"x","name":"hunter2","price":"1","features":[]}]', 'hunter2'],
    ]
    for (const [name, value, secret] of secrets) {
      const message = configError({ [name]: value })
      expect(message).toContain(name)
      expect(message, name).not.toContain(secret)
    }
  })
})

describe('readDotEnv', () => {
  test('reads a .env file without overriding the environment, and a missing file is fine', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tbr-env-'))
    const file = join(dir, '.env')
    writeFileSync(file, 'TBR_TEST_FROM_FILE=file\nTBR_TEST_BOTH=file\n')
    process.env.TBR_TEST_BOTH = 'env'
    try {
      readDotEnv(file)
      expect(process.env.TBR_TEST_FROM_FILE).toBe('file')
      expect(process.env.TBR_TEST_BOTH).toBe('env')
      expect(() => readDotEnv(join(dir, 'missing.env'))).not.toThrow()
    } finally {
      delete process.env.TBR_TEST_FROM_FILE
      delete process.env.TBR_TEST_BOTH
    }
  })
})
