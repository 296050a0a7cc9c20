import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { hasFlag, ROLES, type Flag } from '~/shared/permissions'
import { passkeys } from '~/server/db/schema'
import { signIn } from '~/server/services/users'
import { keyScopeFor } from '~/shared/key-routes'
import { newMember, newOwner, subscribe, type Person } from './billing-kit'
import { startTestServer, type TestServer } from './harness'

// issue 12 item 6: every API route the app mounts (read from the app itself) × every kind of
// caller: no token, a bad token, a removed member, members of account B holding account A's ids,
// and each role of account A. Expected: 401 without a live session, 403 without the route's flag
// (decisions §4), 404 for another account's ids, and no answer to an outsider ever carries
// account A's data. A mounted route without a row here fails the test.
//
// API keys (decisions §12) are callers too: a key of account A reaches only the calls of the key
// table (src/shared/key-routes.ts), and a key of account B holding A's ids finds nothing.

type IdKind = 'book' | 'invite' | 'member' | 'invoice' | 'slug' | 'key' | 'passkey'

interface Policy {
  /** 'none': no session needed; a flag: requireAuth(flag); 'staff': support staff only (user.master). */
  auth: 'none' | Flag | 'staff'
  /** Which of account A's resources fills the path parameter. */
  id?: IdKind
  /** A body that passes validation, so the id lookup (and so the 404) is what answers. */
  body?: Record<string, unknown>
  query?: string
  /** The answer is public by design (the public list, adding a book from it). */
  publicData?: boolean
  /** 403 by design for roles holding this flag (spec §6: an owner closes the account, not leaves it). */
  refusedWith?: Flag
}

const ROUTES: Record<string, Policy> = {
  'GET /api/health': { auth: 'none' },
  'POST /api/account': { auth: 'none' },
  'DELETE /api/account': { auth: 'user' },
  'GET /api/account/plans': { auth: 'user' },
  'POST /api/account/plan': { auth: 'owner' },
  'PATCH /api/account/plan': { auth: 'owner' },
  'POST /api/account/upgrade': { auth: 'owner' },
  'GET /api/account/card': { auth: 'owner' },
  'PATCH /api/account/card': { auth: 'owner' },
  'GET /api/account/invoice': { auth: 'owner' },
  'GET /api/account/invoice/:id/pdf': { auth: 'owner', id: 'invoice' },
  'GET /api/account/subscription': { auth: 'owner' },
  'GET /api/account/usage': { auth: 'user' },
  'GET /api/account/users': { auth: 'admin' },
  'PATCH /api/account/users/:id': { auth: 'admin', id: 'member', body: { permission: 'user' } },
  'GET /api/auth': { auth: 'none' },
  'POST /api/auth': { auth: 'none' },
  'DELETE /api/auth': { auth: 'none' },
  'POST /api/auth/switch': { auth: 'user' },
  'POST /api/auth/magic': { auth: 'none' },
  'POST /api/auth/magic/verify': { auth: 'none' },
  'POST /api/auth/otp': { auth: 'none' },
  'POST /api/auth/impersonate': { auth: 'none' },
  'POST /api/auth/impersonate/stop': { auth: 'user' },
  'POST /api/auth/password/reset': { auth: 'none' },
  'POST /api/auth/passkey/options': { auth: 'none' },
  'POST /api/auth/passkey': { auth: 'none' },
  'GET /api/auth/social': { auth: 'none' },
  'GET /api/auth/social/:provider': { auth: 'none' },
  'GET /api/auth/social/:provider/callback': { auth: 'none' },
  'POST /api/auth/password/reset/request': { auth: 'none' },
  'GET /api/books': { auth: 'user' },
  'POST /api/books': { auth: 'user' },
  'POST /api/books/batch': { auth: 'user' },
  'GET /api/books/:id': { auth: 'user', id: 'book' },
  'PATCH /api/books/:id': { auth: 'user', id: 'book', body: { title: 'Taken over' } },
  'DELETE /api/books/:id': { auth: 'user', id: 'book' },
  // The catalogue (issue 16): a bad query / ISBN never reaches upstream, so the sweep stays local.
  'GET /api/catalog/search': { auth: 'user' },
  'GET /api/catalog/isbn/:isbn': { auth: 'user' },
  'POST /api/add/:bookId': { auth: 'user', id: 'book', publicData: true },
  'GET /api/demo': { auth: 'user' },
  'GET /api/dev/outbox': { auth: 'none' },
  'POST /api/dev/clock': { auth: 'owner' },
  'POST /api/dev/card': { auth: 'owner' },
  'POST /api/event': { auth: 'user' },
  'POST /api/feedback': { auth: 'user' },
  'GET /api/key': { auth: 'developer' },
  'GET /api/key/scopes': { auth: 'developer' },
  'GET /api/key/:id': { auth: 'developer', id: 'key' },
  'POST /api/key': { auth: 'developer', body: { name: 'Sweep key', scope: ['books.read'] } },
  'PATCH /api/key/:id': { auth: 'developer', id: 'key', body: { name: 'Renamed by sweep' } },
  'DELETE /api/key': { auth: 'developer', body: { id: ['00000000-0000-4000-8000-000000000000'] } },
  'GET /api/openapi.json': { auth: 'none' },
  'GET /api/docs': { auth: 'none' },
  'POST /api/invite': { auth: 'admin' },
  'POST /api/invite/accept': { auth: 'none' },
  'GET /api/invite/:id': { auth: 'none', id: 'invite' },
  'POST /api/invite/:id/resend': { auth: 'admin', id: 'invite' },
  'DELETE /api/invite/:id': { auth: 'admin', id: 'invite' },
  'GET /api/notification': { auth: 'user' },
  'PATCH /api/notification': { auth: 'user' },
  'POST /api/payment/local/token': { auth: 'none' },
  'POST /api/payment/local/confirm': { auth: 'none' },
  'POST /api/payment/stripe/webhook': { auth: 'none' },
  'GET /api/public/:slug': { auth: 'none', id: 'slug', publicData: true },
  'GET /api/avatar/:file': { auth: 'none', publicData: true },
  'GET /api/support/users': { auth: 'staff' },
  'POST /api/support/impersonate': { auth: 'staff' },
  'GET /api/url': { auth: 'user' },
  'GET /api/url/check': { auth: 'user' },
  'PATCH /api/url': { auth: 'admin' },
  'GET /api/user': { auth: 'user' },
  'POST /api/user': { auth: 'none' },
  'PATCH /api/user': { auth: 'user' },
  'DELETE /api/user': { auth: 'user', refusedWith: 'owner' },
  'DELETE /api/user/:id': { auth: 'admin', id: 'member' },
  'GET /api/user/permissions': { auth: 'user' },
  'PUT /api/user/password': { auth: 'user' },
  'PUT /api/user/2fa': { auth: 'user' },
  'POST /api/user/2fa/verify': { auth: 'user' },
  'POST /api/user/2fa/backup': { auth: 'user' },
  'GET /api/user/2fa/passkeys': { auth: 'user' },
  'POST /api/user/2fa/passkeys/options': { auth: 'user' },
  'POST /api/user/2fa/passkeys': { auth: 'user' },
  // A passkey is the person's (A's owner's): anyone else's session finds no such passkey.
  'PATCH /api/user/2fa/passkeys/:id': { auth: 'user', id: 'passkey', body: { name: 'Renamed by sweep' } },
  'DELETE /api/user/2fa/passkeys/:id': { auth: 'user', id: 'passkey' },
  'POST /api/user/verify': { auth: 'none' },
  'POST /api/user/verify/request': { auth: 'user' },
  'POST /api/user/email/revert': { auth: 'none' },
  'POST /api/utility/mail': { auth: 'user' },
}

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
  return s.api(method, pathFor(route, policy), { token, body: method === 'GET' ? undefined : (policy.body ?? {}) })
}

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
      const keyRoute = keyScopeFor(method, path.replace(/:[A-Za-z]+/g, 'x')) !== null
      const res = await call(route, key)
      cases++
      const where = `${route} as ${who}: ${res.status} ${JSON.stringify(res.body)}`
      expect(res.status, where).toBeLessThan(500)
      if (policy.auth === 'none') continue
      // Anything a person does (settings, billing, keys, team) is 403 for a key (decisions §12).
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

afterAll(() => {
  console.log(`isolation sweep: ${mountedRoutes(s).length} routes, ${cases} route × caller cases`)
})
