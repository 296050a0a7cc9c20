import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { KeyScope } from '~/shared/schemas/key'
import { newOwner, type Person } from './billing-kit'
import { sql, type TestServer } from './harness'

// API key tests need owners on a plan with `api_keys` (made in the database, billing-kit.ts) and
// keys made through the real POST /api/key.

/** An owner of a new account on the club plan (it unlocks API keys). */
export const keyOwner = (s: TestServer, name?: string): Promise<Person> => newOwner(s, { plan: 'club', name })

export async function makeKey(s: TestServer, p: Person, scope: KeyScope[], name = 'Script') {
  const res = await s.api('POST', '/api/key', { token: p.token, body: { name, scope } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data as {
    id: string
    full_key: string
    key: string
    name: string
    scope: KeyScope[]
    active: boolean
  }
}

export interface ExampleCall {
  /** The declaration it exercises (shared/api/calls.ts), e.g. `GET /api/books/{id}`. */
  route: string
  method: string
  path: string
  body?: unknown
  /** Status of the call's success. */
  status: number
}

/**
 * One real call for every call a key may make (shared/api/calls.ts), and the public list that needs
 * none, each on its own fresh data so
 * they can run in any order and more than once: `fresh()` makes a new book in `p`'s account.
 */
export async function exampleCalls(s: TestServer, p: Person, slug: string): Promise<ExampleCall[]> {
  const fresh = async () => {
    const res = await s.api('POST', '/api/books', {
      token: p.token,
      body: { title: 'Piranesi', author: 'Susanna Clarke', rating: 5 },
    })
    expect(res.status).toBe(201)
    return res.body.data.id as string
  }
  await s.query(sql`update accounts set slug = ${slug} where id = ${p.accountId}`)
  const [read, patched, deleted] = [await fresh(), await fresh(), await fresh()]
  return [
    { route: 'GET /api/books', method: 'GET', path: '/api/books', status: 200 },
    { route: 'GET /api/books/{id}', method: 'GET', path: `/api/books/${read}`, status: 200 },
    {
      route: 'POST /api/books',
      method: 'POST',
      path: '/api/books',
      body: { title: 'Kindred', author: 'Octavia E. Butler' },
      status: 201,
    },
    {
      route: 'POST /api/books/batch',
      method: 'POST',
      path: '/api/books/batch',
      body: { mutations: [{ key: randomUUID(), kind: 'book.create', data: { title: 'The Dispossessed' } }] },
      status: 200,
    },
    {
      route: 'PATCH /api/books/{id}',
      method: 'PATCH',
      path: `/api/books/${patched}`,
      body: { rating: 4 },
      status: 200,
    },
    { route: 'DELETE /api/books/{id}', method: 'DELETE', path: `/api/books/${deleted}`, status: 200 },
    { route: 'GET /api/account/usage', method: 'GET', path: '/api/account/usage', status: 200 },
    // The live stream: s.api reads its first event and lets it go.
    { route: 'GET /api/sync/stream', method: 'GET', path: '/api/sync/stream', status: 200 },
    { route: 'GET /api/public/{slug}', method: 'GET', path: `/api/public/${slug}`, status: 200 },
  ]
}
