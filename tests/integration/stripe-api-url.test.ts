import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadConfig } from '~/server/config'
import { newOwner } from './billing-kit'
import { startTestServer, type TestServer } from './harness'
import { startFakeStripe, type FakeStripe } from './stripe-server'

// STRIPE_API_URL points the server's own Stripe client (the one `npm start` makes from its
// configuration, no client handed in) at another host speaking Stripe's wire format; the secret
// key goes with every call, so production refuses a host reached in clear.

const PRICE = 'price_reader_0500'
const STRIPE_ENV = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
  STRIPE_WEBHOOK_SECRET: 'whsec_fake',
  PLANS: JSON.stringify([
    { id: 'reader', name: 'Reader', price: 5, features: ['Everything in Free'], stripe_price: PRICE },
  ]),
}

describe('STRIPE_API_URL', () => {
  let fake: FakeStripe
  let s: TestServer
  beforeAll(async () => {
    fake = await startFakeStripe({ [PRICE]: 500 })
    s = await startTestServer({ ...STRIPE_ENV, STRIPE_API_URL: `http://127.0.0.1:${fake.port}` })
  })
  afterAll(async () => {
    await s?.close()
    await fake?.close()
  })

  test("the server's Stripe client sends its calls there", async () => {
    const p = await newOwner(s)
    const res = await s.api('POST', '/api/account/upgrade', {
      token: p.token,
      body: { plan: 'reader', token: 'pm_card_visa' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.user).toMatchObject({ plan: 'reader', subscription: 'active' })
    expect(fake.calls).toContain('POST /v1/subscriptions')
  })
})

describe('STRIPE_API_URL is checked at start', () => {
  test('a value that is not an http(s) URL stops the start, naming the variable', () => {
    expect(() => loadConfig({ ...STRIPE_ENV, STRIPE_API_URL: 'stripe.local' })).toThrow(
      /^Invalid environment variable STRIPE_API_URL/,
    )
    expect(() => loadConfig({ ...STRIPE_ENV, STRIPE_API_URL: 'ftp://stripe.local' })).toThrow(
      /^Invalid environment variable STRIPE_API_URL/,
    )
    // A proxy's credentials in the address are never printed.
    expect(() => loadConfig({ ...STRIPE_ENV, STRIPE_API_URL: 'ftp://proxy:s3cret@stripe.local' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('s3cret') }),
    )
  })

  test('production refuses a host reached in clear, and takes https', () => {
    const prod = { ...STRIPE_ENV, NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' }
    expect(() => loadConfig({ ...prod, STRIPE_API_URL: 'http://127.0.0.1:12111' })).toThrow(
      'Invalid environment variable STRIPE_API_URL: must start with https:// in production',
    )
    expect(loadConfig({ ...prod, STRIPE_API_URL: 'https://stripe-proxy.example.com' }).STRIPE_API_URL).toBe(
      'https://stripe-proxy.example.com',
    )
    expect(loadConfig({ ...prod }).STRIPE_API_URL).toBeUndefined()
  })
})
