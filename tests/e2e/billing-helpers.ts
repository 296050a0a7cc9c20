import { expect, type APIRequestContext, type Locator } from '@playwright/test'
import { mailedLink, PASSWORD, readyUser, uniqueEmail } from './auth-helpers'

// Shared steps for the billing end-to-end specs (local test provider).

export const CARDS = {
  ok: '4242 4242 4242 4242',
  authenticate: '4000 0025 0000 3155',
  declined: '4000 0000 0000 0002',
} as const

export const api = (token: string) => ({ authorization: `Bearer ${token}` })

/** Types a card into a form's card field (the local provider's three inputs, in any language). */
export async function fillCard(form: Locator, number: string) {
  await form.locator('input[autocomplete="cc-number"]').fill(number)
  await form.locator('input[autocomplete="cc-exp"]').fill('12/34')
  await form.locator('input[autocomplete="cc-csc"]').fill('123')
}

/** Types a card into a form's card field and submits the form. */
export async function payWith(form: Locator, number: string) {
  await fillCard(form, number)
  await form.locator('button[type="submit"]').click()
}

/** A local provider token for a test card, as the card field gets it. */
export async function cardToken(request: APIRequestContext, number: string = CARDS.ok) {
  const res = await request.post('/api/payment/local/token', {
    data: { number, exp_month: 12, exp_year: 2034, cvc: '123' },
  })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: { token: string } }).data.token
}

/** An owner on the free plan, then upgraded through the API to `plan` with the 4242 card. */
export async function payingOwner(request: APIRequestContext, plan = 'club', opts: { lang?: string } = {}) {
  const user = await readyUser(request, opts)
  const res = await request.post('/api/account/upgrade', {
    data: { plan, token: await cardToken(request) },
    headers: api(user.token),
  })
  expect(res.status()).toBe(200)
  return user
}

export async function subscription(request: APIRequestContext, token: string) {
  const res = await request.get('/api/account/subscription', { headers: api(token) })
  expect(res.status()).toBe(200)
  return (
    (await res.json()) as {
      data: {
        status: string | null
        object: { current_period_start: string; current_period_end: string; cancel_at_period_end: boolean } | null
      }
    }
  ).data
}

export async function invoiceCount(request: APIRequestContext, token: string) {
  const res = await request.get('/api/account/invoice', { headers: api(token) })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: unknown[] }).data.length
}

/** UTC dates; the screens show them long, in the reader's language. */
export const longDate = (iso: string, locale = 'en') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))

/** Signed up and verified, with no plan chosen yet (next is /signup/plan). */
export async function verifiedOwner(request: APIRequestContext) {
  const email = uniqueEmail('signup-plan')
  expect(
    (await request.post('/api/account', { data: { name: 'Ada Reader', email, password: PASSWORD } })).status(),
  ).toBe(200)
  const link = await mailedLink(request, email, '/signup/verify')
  const verify = await request.post('/api/user/verify', { data: { token: new URL(link).searchParams.get('token') } })
  expect(verify.status()).toBe(200)
  return { email, token: ((await verify.json()) as { data: { token: string } }).data.token }
}
