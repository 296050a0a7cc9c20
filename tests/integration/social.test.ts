import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadConfig } from '~/server/config'
import { loadSocialProviders } from '~/server/services/social-config'
import { startTestServer, sql, type TestServer } from './harness'
import { Browser, landing, socialServer } from './social-kit'
import { codeAt, userWith2fa } from './two-factor-kit'
import type { TestOidcProvider } from '../fixtures/oidc/provider'

// Social sign-in (decision 39) through OpenID Connect against a real provider in-process
// (oidc-provider: its own login and consent pages, PKCE, RS256 id_tokens from its JWKS). Threats
// each test covers: an account taken over through a provider account that claims someone's
// address without proving it (unverified email links nothing), login CSRF (state bound to the
// browser), a replayed callback (state single use), an id_token meant for another sign-in
// (nonce), a provider refusal, and a second factor skipped by signing in socially (2FA still asks).

const SLOW = { timeout: 120_000 }

let s: TestServer
let provider: TestOidcProvider
beforeAll(async () => {
  ;({ s, provider } = await socialServer())
})
afterAll(async () => {
  await s.close()
  await provider.close()
})

/** The token /signin/social exchanges, as the screen does. */
const exchange = (token: string) => s.api('POST', '/api/auth', { body: { token } })

describe('configuration', SLOW, () => {
  test('the configured providers are listed for the buttons; others are 404', async () => {
    expect((await s.api('GET', '/api/auth/social')).body).toEqual({ data: [{ id: 'acme', name: 'Acme ID' }] })
    expect((await s.api('GET', '/api/auth/social/google')).status).toBe(404)
    const plain = await startTestServer()
    try {
      expect((await plain.api('GET', '/api/auth/social')).body).toEqual({ data: [] })
    } finally {
      await plain.close()
    }
  })

  test('a bad SOCIAL_PROVIDERS stops the start with one line naming it, never its secrets', () => {
    const load =
      (value: string, env: Record<string, string> = {}) =>
      () =>
        loadConfig({ SOCIAL_PROVIDERS: value, ...env })
    expect(load('{')).toThrow('Invalid environment variable SOCIAL_PROVIDERS: not valid JSON')
    expect(load('[{"id":"acme","client_id":"a","client_secret":"s3cret"}]')).toThrow(
      'acme needs an issuer (no preset has that id)',
    )
    const http = '[{"id":"acme","issuer":"http://sso.test","client_id":"a","client_secret":"s3cret"}]'
    expect(load(http, { NODE_ENV: 'production', MAIL_LOG: 'true', ALLOW_TEST_PAYMENTS: 'true' })).toThrow("acme's issuer must be https in production")
    expect(() =>
      loadConfig({ SOCIAL_PROVIDERS: '[{"id":"Bad Id","client_id":"a","client_secret":"s3cret"}]' }),
    ).toThrow(/^(?!.*s3cret)/s)
    // A preset fills in the issuer and the button's name.
    expect(loadSocialProviders('[{"id":"google","client_id":"a","client_secret":"s"}]', true)).toEqual([
      {
        id: 'google',
        name: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'a',
        clientSecret: 's',
        scope: 'openid email profile',
      },
    ])
  })
})

describe('signing in', SLOW, () => {
  test('a new person: an account is created, verified, and signed in like any sign-in', async () => {
    const b = new Browser(s)
    const start = await b.request('/api/auth/social/acme')
    const authorize = new URL(start.location!)
    expect(authorize.origin).toBe(provider.issuer)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('scope')).toBe('openid email profile')
    expect(authorize.searchParams.get('nonce')).toBeTruthy()

    const end = landing(await b.socialSignIn('nova@example.com'))
    expect(end).toMatchObject({ path: '/signin/social', provider: 'acme', error: null })
    const res = await exchange(end.token!)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      email: 'nova@example.com',
      name: 'Nova',
      verified: true,
      has_password: false,
      plan: null,
    })
    // The token is single use.
    expect((await exchange(end.token!)).status).toBe(401)

    // Next time the same provider subject finds the same person (no second account).
    const again = landing(await new Browser(s).socialSignIn('nova@example.com'))
    const second = await exchange(again.token!)
    expect(second.body.data.id).toBe(res.body.data.id)
    expect(second.body.data.accounts).toHaveLength(1)
    await s.settled()
    const notice = (await s.outbox('nova@example.com')).find((m) => m.subject === 'New sign-in to your TBR account')!
    expect(notice.text).toContain('Method: social sign-in\n')
  })

  test('an existing person whose verified email the provider vouches for is linked', async () => {
    const u = await s.signUp({ name: 'Existing' })
    const end = landing(await new Browser(s).socialSignIn(u.email))
    const res = await exchange(end.token!)
    expect(res.body.data.id).toBe(u.user.id)
    const links = await s.query(sql`select provider, user_id from social_identities where user_id = ${u.user.id}`)
    expect(links).toEqual([{ provider: 'acme', user_id: u.user.id }])
  })

  test('an address the provider does not vouch for links nothing and creates nothing', async () => {
    const u = await s.signUp()
    const end = landing(await new Browser(s).socialSignIn(`unverified:${u.email}`))
    expect(end).toMatchObject({ path: '/signin/social', provider: 'acme', token: null, error: 'failed' })
    const fresh = landing(await new Browser(s).socialSignIn('unverified:nobody@example.com'))
    expect(fresh.error).toBe('failed')
    expect(await s.query(sql`select id from users where email = 'nobody@example.com'`)).toEqual([])
  })

  test('with 2FA on, the code still follows', async () => {
    const u = await userWith2fa(s)
    const end = landing(await new Browser(s).socialSignIn(u.email))
    const res = await exchange(end.token!)
    expect(res.body.data['2fa_required']).toBe(true)
    expect(res.body.data.email).toBeUndefined()
    const otp = await s.api('POST', '/api/auth/otp', { body: { code: codeAt(u.secret), jwt: res.body.data.token } })
    expect(otp.status).toBe(200)
    expect(otp.body.data.email).toBe(u.email)
  })
})

describe('failures end on /signin/social with error=failed', SLOW, () => {
  test('the provider refuses (the person cancels at the provider)', async () => {
    const end = landing(await new Browser(s).socialSignIn('x@example.com', { abort: true }))
    expect(end).toEqual({ path: '/signin/social', provider: 'acme', token: null, error: 'failed' })
  })

  test('a replayed callback, a callback in another browser, a forged state', async () => {
    const b = new Browser(s)
    const callback = await b.callbackFor('rae@example.com')
    // Opened in another browser (no state cookie): login CSRF refused, and the state is spent.
    expect(landing(await new Browser(s).go(callback)).error).toBe('failed')
    expect(landing(await b.go(callback)).error).toBe('failed')

    // A forged state in the right browser.
    const c = new Browser(s)
    await c.request('/api/auth/social/acme')
    const forged = new URL(callback)
    forged.searchParams.set('state', 'forged')
    expect(landing(await c.go(forged.href)).error).toBe('failed')
  })

  test('an id_token whose nonce is not the one this sign-in sent', async () => {
    const b = new Browser(s)
    const loginPage = await b.go('/api/auth/social/acme')
    // The nonce kept for this state is changed: the provider's signed id_token no longer matches.
    await s.query(
      sql`update one_time_tokens set data = jsonb_set(data, '{nonce}', '"other"') where kind = 'social_state' and used_at is null`,
    )
    let page = await b.go(loginPage.url.href, {
      method: 'POST',
      form: { prompt: 'login', login: 'nonce@example.com', password: 'x' },
    })
    page = await b.go(page.url.href, { method: 'POST', form: { prompt: 'consent' } })
    expect(landing(page)).toMatchObject({ token: null, error: 'failed' })
    expect(await s.query(sql`select id from users where email = 'nonce@example.com'`)).toEqual([])
  })
})
