import { matchCall, needsNoSession } from './api/calls'

// The API calls that need no session, derived from the table of calls (shared/api/calls.ts).
// The client's HTTP client refuses to send any other call without a token (a signed-out page
// must not fire private reads). tests/integration/public-api.test.ts checks it against the server.

/** `path`: under /api, with or without the `/api/` prefix and a query string. */
export function isPublicApiCall(method: string, path: string): boolean {
  const bare = path
    .replace(/[?#].*$/, '')
    .replace(/^\/?(api\/)?/, '')
    .replace(/\/$/, '')
  const found = matchCall(method, `/api/${bare}`)
  return found !== null && 'call' in found && needsNoSession(found.call)
}
