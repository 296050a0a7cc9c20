import { ACCOUNT_CALLS } from './calls-account'
import { BOOK_CALLS } from './calls-books'
import { PEOPLE_CALLS } from './calls-people'
import { SIGN_IN_CALLS } from './calls-sign-in'
import type { ApiCall, Method } from './types'

export type { ApiCall, ApiText, Method, Who } from './types'

/**
 * Every /api call, declared once: who may make it, with which key scope and plan capability,
 * whether a support session may, whether it needs a recent proof, what it takes and answers.
 * The server mounts handlers only behind this table (middleware/policy.ts); a request that
 * matches no entry never reaches a handler.
 */
export const API_CALLS: readonly ApiCall[] = [...BOOK_CALLS, ...ACCOUNT_CALLS, ...SIGN_IN_CALLS, ...PEOPLE_CALLS]

const segments = (path: string) => path.split('/').filter(Boolean)
const isParam = (segment: string) => segment.startsWith('{')

// Literal segments outrank parameters, left to right (`/api/key/scopes` before `/api/key/{id}`).
const rank = (call: ApiCall) =>
  segments(call.path)
    .map((s) => (isParam(s) ? '1' : '0'))
    .join('')

const compiled = [...API_CALLS]
  .sort((a, b) => rank(a).localeCompare(rank(b)))
  .map((call) => ({
    call,
    pattern: new RegExp(`^${call.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }))

export type Match = { call: ApiCall } | { allow: Method[] } | null

/**
 * The declaration a request is for: `{ call }`; `{ allow }` when the path is known but not with
 * this method (405); null when no call has this path. HEAD is GET. `path` is the request's path
 * (no query), exactly as routed: no trailing slash.
 */
export function matchCall(method: string, path: string): Match {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()
  const onPath = compiled.filter((c) => c.pattern.test(path))
  if (onPath.length === 0) return null
  // The most literal path with this method, as the router picks it (`GET /api/key/scopes`).
  const hit = onPath.find((c) => c.call.method === m)
  if (hit) return { call: hit.call }
  const top = onPath[0]!.call.path
  return { allow: onPath.filter((c) => c.call.path === top).map((c) => c.call.method) }
}

/** The key for a declaration and for a mounted route: `GET /api/books/{id}`. */
export const callKey = (call: Pick<ApiCall, 'method' | 'path'>) => `${call.method} ${call.path}`

/** Calls an API key may make: those with a scope. */
export const KEY_CALLS = API_CALLS.filter((c) => c.key)

/** Calls that need no session (anyone may make them). */
export const needsNoSession = (call: ApiCall) => call.who === 'none' || call.who === 'optional'
