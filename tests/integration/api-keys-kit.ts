import { expect } from 'vitest'
import type { KeyScope } from '~/shared/schemas/key'
import { newOwner, type Person } from './billing-kit'
import type { TestServer } from './harness'

// API key tests need owners on a plan with `api_keys` (made in the database, billing-kit.ts) and
// keys made through the real POST /api/key.

/** An owner of a new account on the club plan (it unlocks API keys). */
export const keyOwner = (s: TestServer, name?: string): Promise<Person> => newOwner(s, { plan: 'club', name })

export async function makeKey(s: TestServer, p: Person, scope: KeyScope[], name = 'Script') {
  const res = await s.api('POST', '/api/key', { token: p.token, body: { name, scope } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data as { id: string; full_key: string; key: string; name: string; scope: KeyScope[]; active: boolean }
}
