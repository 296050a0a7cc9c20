import { randomBytes, randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { accounts, memberships, users } from '~/server/db/schema'
import { signIn } from '~/server/services/users'
import type { TestServer } from './harness'

// Billing tests need many fresh accounts in known states. Their people are made in the database
// and signed in through the server's own signIn (a real session), skipping sign-up's password
// derivation, which sign-up's own tests cover and which costs seconds on a busy machine.

export const CARDS = { ok: '4242 4242 4242 4242', auth: '4000 0025 0000 3155', declined: '4000 0000 0000 0002' } as const

export interface Person {
  token: string
  userId: string
  accountId: string
  email: string
}

/** An owner of a new account on `plan` (free by default; null: not chosen yet). */
export async function newOwner(s: TestServer, opts: { plan?: string | null; name?: string } = {}): Promise<Person> {
  const userId = randomUUID()
  const accountId = randomUUID()
  const email = `owner.${randomBytes(4).toString('hex')}@example.com`
  const plan = opts.plan === undefined ? 'free' : opts.plan
  await s.deps.db.insert(users).values({ id: userId, name: opts.name ?? 'Olive Owner', email, verified: true, defaultAccount: accountId })
  await s.deps.db.insert(accounts).values({ id: accountId, name: opts.name ?? 'Olive Owner', plan, subscriptionStatus: plan ? 'active' : null })
  await s.deps.db.insert(memberships).values({ userId, accountId, role: 'owner', onboarded: true })
  const { token } = await signIn(s.deps, { userId, accountId })
  return { token, userId, accountId, email }
}

/** A person with `role` in `accountId` (signed in there). */
export async function newMember(s: TestServer, accountId: string, role: string): Promise<Person> {
  const userId = randomUUID()
  const email = `${role}.${randomBytes(4).toString('hex')}@example.com`
  await s.deps.db.insert(users).values({ id: userId, name: `A ${role}`, email, verified: true, defaultAccount: accountId })
  await s.deps.db.insert(memberships).values({ userId, accountId, role })
  const { token } = await signIn(s.deps, { userId, accountId })
  return { token, userId, accountId, email }
}

/** A local card token, as the card field gets one (decision 34). */
export async function cardToken(s: TestServer, number: string = CARDS.ok): Promise<string> {
  const res = await s.api('POST', '/api/payment/local/token', { body: { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data.token
}

/** Subscribes `p` to `plan` with the 4242 card. */
export async function subscribe(s: TestServer, p: Person, plan = 'club') {
  const res = await s.api('POST', '/api/account/upgrade', { token: p.token, body: { plan, token: await cardToken(s) } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body
}

export const get = async (s: TestServer, p: Person, path: string) => {
  const res = await s.api('GET', path, { token: p.token })
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200)
  return res.body.data
}

export const subscription = (s: TestServer, p: Person) => get(s, p, '/api/account/subscription')
export const invoiceList = (s: TestServer, p: Person) => get(s, p, '/api/account/invoice')
export const sessionUser = (s: TestServer, p: Person) => get(s, p, '/api/auth')

export const clock = async (s: TestServer, p: Person, days: number) => {
  const res = await s.api('POST', '/api/dev/clock', { token: p.token, body: { days } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data
}

export const cardBehaviour = async (s: TestServer, p: Person, behaviour: 'succeed' | 'decline' | 'authenticate') => {
  const res = await s.api('POST', '/api/dev/card', { token: p.token, body: { behaviour } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}
