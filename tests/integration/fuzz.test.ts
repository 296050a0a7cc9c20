import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { API_CALLS } from '~/shared/api/calls'
import { startFakeCatalog, type FakeCatalog } from '../fixtures/open-library/server'
import { startTestServer, type TestServer } from './harness'
import { prng, type Rng } from './prng'

// Every route the app mounts, read from the app itself (a new route is fuzzed
// without touching this file), gets random and hostile input over real HTTP: bodies of wrong
// types, extra fields, NUL and lone surrogates, huge strings, deep nesting, extreme numbers; odd
// path ids and query strings; signed in, signed out and with a forged token. Any 5xx or dropped
// connection fails. FUZZ_REQUESTS sets the count; FUZZ_SEED replays a run (printed on failure).

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1200)
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))

let s: TestServer
let server: ServerType
let base: string
let catalogue: FakeCatalog

beforeAll(async () => {
  // The catalogue routes are fuzzed through to a catalogue that answers (the local Open Library;
  // the internet is not reachable from tests), with an upstream bound no fuzz run reaches: a 503
  // for "catalogue unavailable" or "over the upstream rate" is those features' own answer,
  // tested in catalog.test.ts, not a fault the fuzz is after.
  catalogue = await startFakeCatalog()
  s = await startTestServer({ CATALOG_URL: catalogue.url, CATALOG_BURST: '1000', CATALOG_RATE_PER_MIN: '6000' })
  server = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await s.close()
  await catalogue.close()
})

// Field names the API knows (so values reach the schemas) and a few it does not.
const FIELDS = [
  'title',
  'author',
  'rating',
  'review',
  'started_at',
  'finished_at',
  'imageUrl',
  'id',
  'link',
  'isbn',
  'email',
  'password',
  'confirm_password',
  'name',
  'token',
  'jwt',
  'code',
  'slug',
  'plan',
  'account',
  'avatar',
  'account_name',
  'default_account',
  'support_enabled',
  'onboarded',
  'dark_mode',
  'locale',
  'oldpassword',
  'newpassword',
  'has_password',
  'comment',
  'metadata',
  'message',
  'template',
  'mutations',
  'key',
  'kind',
  'data',
  'new_signin',
  'plan_updated',
  'confirm',
  '2fa_enabled',
  'permission',
  'scope',
  'active',
  'invite_id',
  'user_id',
  'search',
  '__proto__',
  'constructor',
  'x'.repeat(300),
  '',
] as const

const STRINGS = [
  '',
  ' ',
  'a',
  'Dune',
  'reader@example.com',
  'correct horse!',
  '2024-02-30',
  '2024-01-05',
  'free',
  'en',
  'es',
  'positive',
  'book.create',
  'book.update',
  'book.delete',
  'https://www.amazon.com/Dune/dp/0441013597',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '😀'.repeat(50),
  '\u202eevil',
  'ñandú',
  '../../etc/passwd',
  '{"a":1}',
  'null',
  'NaN',
]

function hostileString(r: Rng): string {
  switch (r.int(6)) {
    case 0:
      return 'x'.repeat(r.pick([301, 5000, 100_000]))
    case 1:
      return r.uuid()[r.chance(0.5) ? 'toUpperCase' : 'toString']()
    case 2:
      return Array.from({ length: r.int(20) }, () => String.fromCharCode(r.int(0x10000))).join('')
    default:
      return r.pick(STRINGS)
  }
}

const NUMBERS = [0, -0, 1, 5, 6, -1, 3.5, 1e308, -1e308, 5e-324, 2 ** 53 + 1, 1e21]

function value(r: Rng, depth: number): unknown {
  switch (r.int(depth > 3 ? 4 : 7)) {
    case 0:
      return hostileString(r)
    case 1:
      return r.pick(NUMBERS)
    case 2:
      return r.pick([true, false, null])
    case 3:
      return hostileString(r)
    case 4:
      return Array.from({ length: r.int(4) }, () => value(r, depth + 1))
    case 5:
      return object(r, depth + 1)
    default:
      return nested(r.pick([10, 40, 3000]))
  }
}

function object(r: Rng, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (let i = 0, n = r.int(6); i < n; i++) out[r.chance(0.9) ? r.pick(FIELDS) : hostileString(r)] = value(r, depth)
  return out
}

const nested = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth))

function body(r: Rng): string | undefined {
  switch (r.int(12)) {
    case 0:
      return undefined
    case 1:
      return r.pick(['', 'not json', '{', '[]', 'null', '"str"', '1', '{"a":1}{"b":2}', '\u0000'])
    case 2:
      return `{"title":${'['.repeat(5000)}${']'.repeat(5000)}}`
    case 3:
      return JSON.stringify({ title: 'x'.repeat(1_100_000) }) // past BODY_LIMIT_KB
    case 4: {
      const mutations = Array.from({ length: r.int(5) + 1 }, () => ({
        key: r.chance(0.8) ? r.uuid() : hostileString(r),
        kind: r.pick(['book.create', 'book.update', 'book.delete', 'nope']),
        ...(r.chance(0.5) ? { id: r.chance(0.5) ? r.uuid() : hostileString(r) } : {}),
        ...(r.chance(0.8) ? { data: object(r, 1) } : {}),
      }))
      return JSON.stringify({ mutations })
    }
    default:
      return JSON.stringify(object(r, 0))
  }
}

/** Percent-encodes like encodeURIComponent; a lone surrogate goes out as its WTF-8 bytes. */
const enc = (raw: string) =>
  raw.replace(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g, (ch) =>
    ch.length === 1 && ch.charCodeAt(0) >= 0xd800 && ch.charCodeAt(0) <= 0xdfff ? '%ED%A0%80' : encodeURIComponent(ch),
  )

function pathOf(r: Rng, template: string, bookIds: string[]): string {
  return template.replace(/:(\w+)/g, () => {
    const raw = r.chance(0.4) && bookIds.length ? r.pick(bookIds) : hostileString(r)
    return enc(r.chance(0.3) ? raw.toUpperCase() : raw)
  })
}

function query(r: Rng): string {
  if (r.chance(0.6)) return ''
  const raw = ['%00', '%E0%A4%A', '%', '%ZZ', '%ED%A0%80', 'a=1&a=2', '=', '&&']
  const parts = Array.from({ length: r.int(3) + 1 }, () =>
    r.chance(0.4)
      ? r.pick(raw)
      : `${r.pick(['since', 'slug', 'to', 'q', 'plan', 'page'])}=${r.chance(0.5) ? r.pick(raw) : enc(hostileString(r).slice(0, 2000))}`,
  )
  return `?${parts.join('&')}`
}

async function freshReader() {
  const reader = await s.signUp()
  const ids: string[] = []
  for (const title of ['One', 'Two']) {
    const res = await s.api('POST', '/api/books', { body: { title }, token: reader.token })
    ids.push(res.body.data.id)
  }
  return { token: reader.token, ids }
}

test(`every mounted route survives hostile input (seed ${SEED})`, { timeout: 240_000 }, async () => {
  // Every call of the table (shared/api/calls.ts; api-table.test.ts checks it is what is mounted).
  const unique = API_CALLS.map((call) => ({ method: call.method, path: call.path.replace(/\{([^}]+)\}/g, ':$1') }))
  expect(unique.length).toBeGreaterThan(30)

  const r = prng(SEED)
  let reader = await freshReader()
  const statuses = new Map<number, number>()
  const failures: string[] = []
  const perRoute = new Map<string, number>()
  let lastStatus = 0

  for (let i = 0; i < REQUESTS && failures.length < 10; i++) {
    const route = r.pick(unique)
    const path = pathOf(r, route.path, reader.ids) + query(r)
    const who = r.next()
    const headers: Record<string, string> = {
      'content-type': r.chance(0.9)
        ? 'application/json'
        : r.pick(['text/plain', 'multipart/form-data; boundary=x', '']),
      'accept-language': r.pick(['en', 'es', 'xx', '*', 'es-MX,es;q=0.9']),
    }
    if (who < 0.7) headers.authorization = `Bearer ${reader.token}`
    else if (who < 0.8)
      headers.authorization = r.pick(['Bearer ', 'Bearer x.y.z', `Bearer ${'a'.repeat(3000)}`, 'Basic abc'])
    if (r.chance(0.5)) headers['idempotency-key'] = r.chance(0.8) ? r.uuid() : r.pick(['', ' ', 'ü', 'x'.repeat(201)])
    const payload = route.method === 'GET' ? undefined : body(r)
    const label = `${route.method} ${path.slice(0, 120)} body=${(payload ?? '').slice(0, 160)}`
    try {
      const res = await fetch(base + path, { method: route.method, headers, body: payload })
      // The live stream (GET /api/sync/stream) never ends by itself: its answer is its status.
      if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel()
      else await res.arrayBuffer()
      lastStatus = res.status
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
      perRoute.set(`${route.method} ${route.path}`, (perRoute.get(`${route.method} ${route.path}`) ?? 0) + 1)
      if (res.status >= 500) failures.push(`${res.status} ← ${label}`)
    } catch (err) {
      failures.push(`dropped (${(err as Error).cause ?? err}) ← ${label}`)
    }
    // The fuzz may sign the reader out or close their account: carry on with a fresh reader so
    // later requests still reach signed-in code.
    if (
      statuses.size &&
      who < 0.7 &&
      lastStatus === 401 &&
      (await s.api('GET', '/api/user', { token: reader.token })).status === 401
    ) {
      reader = await freshReader()
    }
  }

  const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`)
  const total = [...statuses.values()].reduce((a, b) => a + b, 0)
  console.log(
    `fuzz (seed ${SEED}): ${total} requests over ${perRoute.size}/${unique.length} routes; ${counts.join(', ')}`,
  )
  expect(failures, `replay with FUZZ_SEED=${SEED}`).toEqual([])
  expect(perRoute.size).toBe(unique.length)
})
