import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, type ServerProcess } from '../integration/processes'
import { startFakeStripe, type FakeStripe } from '../integration/stripe-server'
import { baseURL as localURL, STRIPE_APP_PORT } from '../playwright.config'
import { notifications, readyUser, useToken } from './auth-helpers'
import { api, CARDS, payWith } from './billing-helpers'

// PAYMENT_PROVIDER=stripe in the browser: the API runs in stripe mode against the local server
// speaking Stripe's wire format (STRIPE_API_URL), and Stripe.js (js.stripe.com, which cannot be
// reached here) is routed to a stand-in that calls api.stripe.com like the real one, routed to
// the same local server. Upgrade with a good card, 3-D Secure completed and failed, a decline:
// the reader sees the right messages and the plan changes only when paid. And the local provider
// never fetches Stripe.js.

const CLUB_PRICE = 'price_e2e_club_1200'
const READER_PRICE = 'price_e2e_reader_0500'
const PLANS = [
  { id: 'reader', name: 'Reader', price: 5, features: ['Everything in Free'], stripe_price: READER_PRICE },
  {
    id: 'club',
    name: 'Book Club',
    price: 12,
    per_seat: true,
    unlocks: ['team', 'api_keys'],
    features: ['Team members'],
    stripe_price: CLUB_PRICE,
  },
]
const STRIPE_CARDS = { ...CARDS, authenticate: '4000 0027 6000 3184' }
const STAND_IN = readFileSync(new URL('./stripe-js-stand-in.js', import.meta.url), 'utf8')
const stripeURL = `http://127.0.0.1:${STRIPE_APP_PORT}`

// A worker would otherwise fetch scripts the routes below never see.
test.use({ serviceWorkers: 'block' })

/** Fails the test on any request to Stripe's hosts not routed on purpose (a route added later wins). */
async function guardStripeHosts(context: BrowserContext) {
  const unexpected: string[] = []
  await context.route(/^https:\/\/([a-z0-9-]+\.)*(stripe\.com|stripe\.network)\//, (route) => {
    unexpected.push(route.request().url())
    return route.abort()
  })
  return unexpected
}

async function plan(request: APIRequestContext, token: string) {
  const res = await request.get('/api/auth', { headers: api(token) })
  return ((await res.json()) as { data: { plan: string | null } }).data.plan
}

async function last4(request: APIRequestContext, token: string) {
  const res = await request.get('/api/account/card', { headers: api(token) })
  return ((await res.json()) as { data: { last4: string } }).data.last4
}

/** A new reader on the free plan (in `lang`), on the upgrade form with Book Club chosen. */
async function openUpgrade(
  page: Page,
  request: APIRequestContext,
  { lang, formName = 'Upgrade your plan' }: { lang?: string; formName?: string } = {},
) {
  const { token } = await readyUser(request, lang ? { lang } : {})
  if (lang) expect((await request.patch('/api/user', { headers: api(token), data: { locale: lang } })).status()).toBe(200)
  await useToken(page, token)
  await page.goto('/account/upgrade?plan=club')
  const form = page.getByRole('form', { name: formName })
  await expect(form.getByRole('radio', { name: /Book Club/ })).toBeChecked()
  return { token, form }
}

const STRIPE_AUTH_FAILED_EN =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.'

test.describe('stripe mode', () => {
  test.use({ baseURL: stripeURL })
  let fake: FakeStripe
  let server: ServerProcess
  let dataDir: string

  test.beforeAll(async () => {
    // The server process compiles and migrates on a machine shared with the browsers, as the
    // config's own server (whose start may take as long).
    test.setTimeout(180_000)
    fake = await startFakeStripe({ [CLUB_PRICE]: 1200, [READER_PRICE]: 500 })
    dataDir = mkdtempSync(join(tmpdir(), 'tbr-e2e-stripe-'))
    server = await startServer(
      {
        PORT: String(STRIPE_APP_PORT),
        DATA_DIR: dataDir,
        APP_URL: stripeURL,
        PASSWORD_HASH_COST: '12',
        API_QUEUE_WAIT_MS: '60000',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
        STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
        STRIPE_API_URL: `http://127.0.0.1:${fake.port}`,
        PLANS: JSON.stringify(PLANS),
      },
      { waitMs: 170_000 },
    )
  })
  test.afterAll(async () => {
    await server?.stop()
    await fake?.close()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  let unexpected: string[]
  let cardSeenByUs: string[]
  test.beforeEach(async ({ context, page }) => {
    unexpected = await guardStripeHosts(context)
    await context.route('https://js.stripe.com/**', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: STAND_IN }),
    )
    await context.route('https://api.stripe.com/**', async (route) => {
      const { pathname, search } = new URL(route.request().url())
      await route.fulfill({ response: await route.fetch({ url: `http://127.0.0.1:${fake.port}${pathname}${search}` }) })
    })
    // The card number goes to Stripe only, never to our API.
    cardSeenByUs = []
    page.on('request', (req) => {
      if (req.url().startsWith(stripeURL) && /\d{4}\s?\d{4}\s?\d{4}\s?\d{4}/.test(req.postData() ?? ''))
        cardSeenByUs.push(req.url())
    })
  })
  test.afterEach(() => {
    expect(unexpected, 'requests to Stripe that were not routed').toEqual([])
    expect(cardSeenByUs, 'our API received a card number').toEqual([])
  })

  test('a good card: the PaymentMethod comes from Stripe, the upgrade lands on /dashboard on Book Club', async ({
    page,
    request,
  }) => {
    const { token, form } = await openUpgrade(page, request)
    await payWith(form, STRIPE_CARDS.ok)
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByTestId('current-plan')).toHaveText('Book Club')
    expect(await plan(request, token)).toBe('club')
    expect(fake.calls).toContain('POST /v1/payment_methods')
  })

  test('3-D Secure completed: the bank is asked, nothing changes until it says yes, then Book Club', async ({
    page,
    request,
  }) => {
    const { token, form } = await openUpgrade(page, request)
    await payWith(form, STRIPE_CARDS.authenticate)
    const bank = page.getByRole('dialog', { name: '3D Secure 2 Test Page' })
    await expect(bank).toBeVisible()
    expect(await plan(request, token)).toBe('free')
    await bank.getByRole('button', { name: 'Complete' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByTestId('current-plan')).toHaveText('Book Club')
    expect(await plan(request, token)).toBe('club')
  })

  test('3-D Secure failed: the card field says so in our words and the plan stays free', async ({ page, request }) => {
    const { token, form } = await openUpgrade(page, request)
    await payWith(form, STRIPE_CARDS.authenticate)
    const bank = page.getByRole('dialog', { name: '3D Secure 2 Test Page' })
    await bank.getByRole('button', { name: 'Fail' }).click()
    await expect(bank).toBeHidden()
    await expect(form.locator('[data-field="token"]')).toHaveText(
      'Your bank did not authorise the payment. Nothing was charged.',
    )
    await expect(page).toHaveURL(/\/account\/upgrade/)
    expect(await plan(request, token)).toBe('free')
  })

  test('in Spanish: Stripe.js is given the UI’s locale, and a failed 3-D Secure is said in Spanish', async ({
    page,
    request,
  }) => {
    const { token, form } = await openUpgrade(page, request, { lang: 'es', formName: 'Mejora tu plan' })
    // The card element words its own complaints in Spanish (the browser itself speaks English).
    await form.locator('input[autocomplete="cc-number"]').fill('4242 4242 4242 4241')
    await expect(form.locator('[data-field="token"]')).toHaveText('El número de tu tarjeta no es válido.')
    await payWith(form, STRIPE_CARDS.authenticate)
    const bank = page.getByRole('dialog', { name: '3D Secure 2 Test Page' })
    await bank.getByRole('button', { name: 'Fail' }).click()
    await expect(bank).toBeHidden()
    const field = form.locator('[data-field="token"]')
    await expect(field).toHaveText('Tu banco no autorizó el pago. No se ha cobrado nada.')
    await expect(field).not.toContainText(STRIPE_AUTH_FAILED_EN)
    await expect(page).toHaveURL(/\/account\/upgrade/)
    expect(await plan(request, token)).toBe('free')
  })

  test('a declined card: the decline on the card field, the plan stays; another card then pays', async ({
    page,
    request,
  }) => {
    const { token, form } = await openUpgrade(page, request)
    await payWith(form, STRIPE_CARDS.declined)
    await expect(form.locator('[data-field="token"]')).toHaveText(
      'Your card was declined. Nothing was charged; please use another card.',
    )
    await expect(page).toHaveURL(/\/account\/upgrade/)
    expect(await plan(request, token)).toBe('free')
    await payWith(form, STRIPE_CARDS.ok)
    await expect(page).toHaveURL(/\/dashboard$/)
    expect(await plan(request, token)).toBe('club')
  })

  test('a new card the bank challenges (confirmCardSetup): the old card stays until it says yes', async ({
    page,
    request,
  }) => {
    const { token } = await readyUser(request)
    const paid = await request.post('/api/account/upgrade', {
      data: { plan: 'club', token: 'pm_card_visa' },
      headers: api(token),
    })
    expect(paid.status()).toBe(200)
    await useToken(page, token)
    await page.goto('/account/billing')
    await page.getByRole('tab', { name: 'Card' }).click()
    const form = page.getByRole('form', { name: 'Replace card' })
    await payWith(form, STRIPE_CARDS.authenticate)
    const bank = page.getByRole('dialog', { name: '3D Secure 2 Test Page' })
    await expect(bank).toBeVisible()
    expect(await last4(request, token)).toBe('4242')
    await bank.getByRole('button', { name: 'Complete' }).click()
    await expect(notifications(page).getByText('Your card has been updated')).toBeVisible()
    expect(await last4(request, token)).toBe('3184')
  })
})

test.describe('local provider', () => {
  test.use({ baseURL: localURL })

  test('3-D Secure through the local dialog never fetches Stripe.js or calls Stripe', async ({
    context,
    page,
    request,
  }) => {
    const unexpected = await guardStripeHosts(context)
    const { form } = await openUpgrade(page, request)
    await payWith(form, CARDS.authenticate)
    const challenge = page.getByRole('alertdialog', { name: 'Confirm this payment with your bank' })
    await challenge.getByRole('button', { name: 'Complete authentication' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByTestId('current-plan')).toHaveText('Book Club')
    expect(unexpected).toEqual([])
  })
})
