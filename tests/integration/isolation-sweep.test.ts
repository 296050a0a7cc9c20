import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { hasFlag, ROLES, type Flag } from '~/shared/permissions'
import { passkeys } from '~/server/db/schema'
import { signIn } from '~/server/services/users'
import { API_CALLS, matchCall, type ApiCall } from '~/shared/api/calls'
import { statusesOf } from '~/shared/api/statuses'
import { newMember, newOwner, subscribe, type Person } from './billing-kit'
import { startTestServer, type TestServer } from './harness'

// Every API route the app mounts (read from the app itself) × every kind of
// caller: no token, a bad token, a removed member, members of account B holding account A's ids,
// and each role of account A. Expected: 401 without a live session, 403 without the route's flag
// (decision 37), 404 for another account's ids, and no answer to an outsider ever carries
// account A's data. Who may call each route is read from the table of calls (shared/api/calls.ts);
// a mounted route without a declaration fails the test.
//
// API keys are callers too: a key of account A reaches only the calls of the key
// table's calls with a scope (src/shared/api/calls.ts), and a key of B holding A's ids finds nothing.

type IdKind = 'book' | 'invite' | 'member' | 'invoice' | 'slug' | 'key' | 'passkey'

/** What the sweep needs to call a route meaningfully; who may call it comes from the table. */
interface Fixture {
  /** Which of account A's resources fills the path parameter. */
  id?: IdKind
  /** A body that passes validation, so the id lookup (and so the 404) is what answers. */
  body?: Record<string, unknown>
  query?: string
  /** The answer is public by design (the public list, adding a book from it). */
  publicData?: boolean
  /** 403 by design for roles holding this flag (an owner closes the account, not leaves it). */
  refusedWith?: Flag
}

interface Policy extends Fixture {
  /** 'none': no session needed; a flag: a session whose role holds it; 'staff': support staff only. */
  auth: 'none' | Flag | 'staff'
}

const FIXTURES: Record<string, Fixture> = {
  'PATCH /api/account/users/:id': { id: 'member', body: { permission: 'user' } },
  'GET /api/account/invoice/:id/pdf': { id: 'invoice' },
  'GET /api/books/:id': { id: 'book' },
  'PATCH /api/books/:id': { id: 'book', body: { title: 'Taken over' } },
  'DELETE /api/books/:id': { id: 'book' },
  // The year is not an id: the sweep's path carries none (a 400); goals.test.ts covers tenancy.
  'PUT /api/goals/:year': { body: { books: 12 } },
  'POST /api/add/:bookId': { id: 'book', publicData: true },
  'GET /api/key/:id': { id: 'key' },
  'POST /api/key': { body: { name: 'Sweep key', scope: ['books.read'] } },
  'PATCH /api/key/:id': { id: 'key', body: { name: 'Renamed by sweep' } },
  'DELETE /api/key': { body: { id: ['00000000-0000-4000-8000-000000000000'] } },
  'GET /api/invite/:id': { id: 'invite' },
  'POST /api/invite/:id/resend': { id: 'invite' },
  'DELETE /api/invite/:id': { id: 'invite' },
  'GET /api/public/:slug': { id: 'slug', publicData: true },
  'GET /api/avatar/:file': { publicData: true },
  'DELETE /api/user': { refusedWith: 'owner' },
  'DELETE /api/user/:id': { id: 'member' },
  // A passkey is the person's (A's owner's): anyone else's session finds no such passkey.
  'PATCH /api/user/2fa/passkeys/:id': { id: 'passkey', body: { name: 'Renamed by sweep' } },
  'DELETE /api/user/2fa/passkeys/:id': { id: 'passkey' },
}

/** Every call of the table (shared/api/calls.ts), in the router's `:param` form. */
const DECLARED: Record<string, ApiCall> = Object.fromEntries(
  API_CALLS.map((call) => [`${call.method} ${call.path.replace(/\{([^}]+)\}/g, ':$1')}`, call]),
)
const ROUTES: Record<string, Policy> = Object.fromEntries(
  Object.entries(DECLARED).map(([route, call]) => [route, { auth: call.who === 'optional' ? 'none' : call.who, ...FIXTURES[route] }]),
)

/** The routes the app mounts: handlers with a method, not `*` middleware patterns. */
function mountedRoutes(s: TestServer): string[] {
  const keys = s.app.routes
    .filter((r) => r.method !== 'ALL' && !r.path.endsWith('*'))
    .map((r) => `${r.method} ${r.path}`)
  return [...new Set(keys)].sort()
}

let s: TestServer
let a: { owner: Person; members: Record<string, Person>; ids: Record<IdKind, string>; markers: string[] }
let b: { owner: Person; user: Person }
let removed: Person
let keys: { a: string; b: string }
beforeAll(async () => {
  s = await startTestServer()
  const tag = randomBytes(4).toString('hex')
  const owner = await newOwner(s, { name: `Alpha ${tag}` })
  await subscribe(s, owner, 'club')
  const members: Record<string, Person> = { owner }
  for (const role of ROLES) if (role !== 'owner') members[role] = await newMember(s, owner.accountId, role)
  const target = await newMember(s, owner.accountId, 'user')
  const book = await s.api('POST', '/api/books', { token: owner.token, body: { title: `Alpha book ${tag}` } })
  const slug = `alpha-${tag}`
  await s.api('PATCH', '/api/url', { token: owner.token, body: { slug } })
  const inviteEmail = `alpha.invitee.${tag}@example.com`
  const inv = await s.api('POST', '/api/invite', {
    token: owner.token,
    body: { email: inviteEmail, permission: 'user' },
  })
  const invoices = await s.api('GET', '/api/account/invoice', { token: owner.token })
  const allScopes = ['books.read', 'books.write', 'account.read']
  const key = await s.api('POST', '/api/key', {
    token: owner.token,
    body: { name: `Alpha key ${tag}`, scope: allScopes },
  })
  expect(key.status, JSON.stringify(key.body)).toBe(200)
  const passkey = `sweep-${tag}`
  await s.deps.db.insert(passkeys).values({ id: passkey, userId: owner.userId, name: `Alpha passkey ${tag}`, publicKey: 'AAAA' })
  a = {
    owner,
    members,
    ids: {
      book: book.body.data.id,
      invite: inv.body.data[0].id,
      member: target.userId,
      invoice: invoices.body.data[0].id,
      slug,
      key: key.body.data.id,
      passkey,
    },
    markers: [
      owner.accountId,
      `Alpha ${tag}`,
      `Alpha book ${tag}`,
      inviteEmail,
      owner.email,
      target.email,
      members.admin!.email,
    ],
  }
  const bOwner = await newOwner(s, { plan: 'club', name: 'Beta' })
  b = { owner: bOwner, user: await newMember(s, bOwner.accountId, 'user') }
  const bKey = await s.api('POST', '/api/key', { token: bOwner.token, body: { name: 'Beta key', scope: allScopes } })
  expect(bKey.status, JSON.stringify(bKey.body)).toBe(200)
  keys = { a: key.body.data.full_key, b: bKey.body.data.full_key }
  removed = await newMember(s, owner.accountId, 'user')
  expect((await s.api('DELETE', `/api/user/${removed.userId}`, { token: owner.token })).status).toBe(200)
})
afterAll(() => s.close())

const pathFor = (route: string, policy: Policy) =>
  route.split(' ')[1]!.replace(/:[A-Za-z]+/, () => a.ids[policy.id!]) + (policy.query ?? '')

async function call(route: string, token?: string) {
  const policy = ROUTES[route]!
  const method = route.split(' ')[0]!
  const res = await s.api(method, pathFor(route, policy), { token, body: method === 'GET' ? undefined : (policy.body ?? {}) })
  // The table lists every status a call can answer (the OpenAPI document says the same).
  if (!statusesOf(DECLARED[route]!).includes(res.status)) undeclared.add(`${route} → ${res.status} ${res.body?.message ?? ''}`)
  return res
}

const undeclared = new Set<string>()

/** A fresh session for a person in their account: a call may end the one it was given. */
const fresh = async (p: Person) => (await signIn(s.deps, { userId: p.userId, accountId: p.accountId })).token

let cases = 0

test('every mounted route has a row in the table (and every row is mounted)', () => {
  const mounted = mountedRoutes(s)
  expect(
    mounted.filter((r) => !(r in ROUTES)),
    'mounted routes without a policy row',
  ).toEqual([])
  expect(
    Object.keys(ROUTES).filter((r) => !mounted.includes(r)),
    'rows for routes not mounted',
  ).toEqual([])
  expect(Object.keys(FIXTURES).filter((r) => !(r in ROUTES)), 'fixtures for calls not in the table').toEqual([])
})

// Hundreds of sequential calls: ~5–10 s on a quiet machine, the limit is for a shared one.
test('outsiders: no token, a bad token, a removed member, and account B with account A’s ids', { timeout: 120_000 }, async () => {
  const outsiders: [string, () => Promise<string | undefined>][] = [
    ['no token', async () => undefined],
    ['bad token', async () => 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad'],
    ['removed member', async () => removed.token],
    ['B owner', () => fresh(b.owner)],
    ['B user', () => fresh(b.user)],
  ]
  for (const route of mountedRoutes(s)) {
    const policy = ROUTES[route]!
    for (const [who, token] of outsiders) {
      const res = await call(route, await token())
      cases++
      const where = `${route} as ${who}: ${res.status} ${JSON.stringify(res.body)}`
      expect(res.status, where).toBeLessThan(500)
      const session = who.startsWith('B')
      if (policy.auth !== 'none' && !session) expect(res.status, where).toBe(401)
      if (session && policy.auth === 'staff') expect(res.status, where).toBe(403)
      if (
        session &&
        policy.id &&
        policy.auth !== 'none' &&
        !policy.publicData &&
        hasFlag(who === 'B owner' ? 'owner' : 'user', policy.auth as Flag)
      ) {
        expect(res.status, where).toBe(404)
      }
      if (!policy.publicData) {
        const text = JSON.stringify(res.body)
        for (const marker of a.markers) expect(text, where).not.toContain(marker)
      }
    }
  }
  // Nothing of account A changed under any of those calls.
  const owner = await fresh(a.owner)
  expect((await s.api('GET', `/api/books/${a.ids.book}`, { token: owner })).body.data.title).toMatch(/^Alpha book/)
  const team = (await s.api('GET', '/api/account/users', { token: owner })).body.data
  expect(team.invites.map((i: any) => i.id)).toContain(a.ids.invite)
  expect(team.users.map((u: any) => u.id)).toContain(a.ids.member)
  expect(team.users.map((u: any) => u.id)).not.toContain(removed.userId)
})

test('each role of account A: 403 exactly when the role lacks the route’s flag', { timeout: 120_000 }, async () => {
  for (const route of mountedRoutes(s)) {
    const policy = ROUTES[route]!
    for (const role of ROLES) {
      const res = await call(route, await fresh(a.members[role]!))
      cases++
      const where = `${route} as A ${role}: ${res.status} ${JSON.stringify(res.body)}`
      expect(res.status, where).toBeLessThan(500)
      expect(res.status, where).not.toBe(401)
      if (policy.auth === 'none') continue
      // Support screens are for support staff (a person flag), whatever their role in an account.
      const allowed =
        policy.auth !== 'staff' &&
        hasFlag(role, policy.auth) &&
        !(policy.refusedWith && hasFlag(role, policy.refusedWith))
      if (allowed) expect(res.status, where).not.toBe(403)
      else expect(res.status, where).toBe(403)
    }
  }
})

test('API keys: a key of B finds none of A’s ids; a key of A reaches only the key table’s calls', { timeout: 120_000 }, async () => {
  // B's key first, then A's book must be untouched; A's own key may then write to A's list.
  // (The role sweep above let A's members delete the first book: a fresh one stands in.)
  const fresher = await s.api('POST', '/api/books', { token: await fresh(a.owner), body: { title: 'Alpha book again' } })
  a.ids.book = fresher.body.data.id
  for (const [who, key] of [
    ['B key', keys.b],
    ['A key', keys.a],
  ] as const) {
    for (const route of mountedRoutes(s)) {
      const policy = ROUTES[route]!
      const [method, path] = route.split(' ') as [string, string]
      const found = matchCall(method, path.replace(/:[A-Za-z]+/g, 'x'))
      const keyRoute = found !== null && 'call' in found && found.call.key !== undefined
      const res = await call(route, key)
      cases++
      const where = `${route} as ${who}: ${res.status} ${JSON.stringify(res.body)}`
      expect(res.status, where).toBeLessThan(500)
      if (policy.auth === 'none') continue
      // Anything a person does (settings, billing, keys, team) is 403 for a key.
      if (!keyRoute) expect(res.status, where).toBe(403)
      if (who === 'B key') {
        if (keyRoute && policy.id && !policy.publicData) expect(res.status, where).toBe(404)
        // B's own list may hold copies of A's public books (POST /api/add above): titles aside,
        // nothing of A — its id, names, addresses — may show.
        const text = JSON.stringify(res.body)
        if (!policy.publicData)
          for (const marker of a.markers.filter((m) => !m.startsWith('Alpha book')))
            expect(text, where).not.toContain(marker)
      }
    }
    if (who === 'B key') {
      const owner = await fresh(a.owner)
      const book = await s.api('GET', `/api/books/${a.ids.book}`, { token: owner })
      expect(book.body.data.title).toMatch(/^Alpha book/)
    }
  }
})

test('every status answered above is one the table lists for the call', () => {
  expect([...undeclared].sort()).toEqual([])
})

afterAll(() => {
  console.log(`isolation sweep: ${mountedRoutes(s).length} routes, ${cases} route × caller cases`)
})
