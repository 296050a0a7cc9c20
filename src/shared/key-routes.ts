import type { KeyScope } from './schemas/key'

// decisions §12: the calls an API key may make and the scope each needs, in one table. The key
// branch of the auth middleware answers 403 for anything not listed here; the OpenAPI document
// and tests/integration/api-keys-*.test.ts read the same table, so a route cannot be opened to
// keys without being documented and tested. Paths use OpenAPI's `{param}` form.

export interface KeyRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  path: string
  scope: KeyScope
}

export const KEY_ROUTES: readonly KeyRoute[] = [
  { method: 'GET', path: '/api/books', scope: 'books.read' },
  { method: 'GET', path: '/api/books/{id}', scope: 'books.read' },
  { method: 'POST', path: '/api/books', scope: 'books.write' },
  { method: 'POST', path: '/api/books/batch', scope: 'books.write' },
  { method: 'PATCH', path: '/api/books/{id}', scope: 'books.write' },
  { method: 'DELETE', path: '/api/books/{id}', scope: 'books.write' },
  { method: 'GET', path: '/api/account/usage', scope: 'account.read' },
  { method: 'GET', path: '/api/public/{slug}', scope: 'account.read' },
]

const compiled = KEY_ROUTES.map((r) => ({
  ...r,
  // Literal segments first (`/api/books/batch` is not `/api/books/{id}` for POST anyway).
  pattern: new RegExp(`^${r.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
}))

/** The scope a key needs for `method path`, or null when keys may not call it at all. */
export function keyScopeFor(method: string, path: string): KeyScope | null {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()
  return compiled.find((r) => r.method === m && r.pattern.test(path))?.scope ?? null
}
